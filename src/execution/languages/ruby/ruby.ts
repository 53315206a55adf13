import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { canaryFolder } from '../kit/canary-folder.js';
import { firstLine, realBinary } from '../kit/process-runtime.js';
import { comment, script } from '../kit/script-language.js';

/**
 * Debian's Ruby ships test-unit (MultiPL-E's Ruby tests `require 'test/unit'`) as a bundled gem;
 * with gems disabled (faster start) its folder and power_assert's go on the load path.
 */
function rubyGemLibs(): string[] {
  const roots = ['/usr/lib/ruby/gems', '/usr/share/rubygems-integration/all/gems'];
  const found: string[] = [];
  for (const gem of ['test-unit', 'power_assert']) {
    // Ruby's own bundled copy first; the newest version within a folder.
    const newest = roots.map((root) => gemDirs(root, gem).sort().at(-1)).find(Boolean);
    if (newest) found.push('-I', `${newest}/lib`);
  }
  return found;
}

function gemDirs(root: string, gem: string): string[] {
  if (!existsSync(root)) return [];
  const nested = root.endsWith('/gems') && !root.includes('rubygems-integration');
  // /usr/lib/ruby/gems/<version>/gems/<gem>-<v>; rubygems-integration/all/gems/<gem>-<v>
  const parents = nested ? readdirSync(root).map((version) => join(root, version, 'gems')) : [root];
  return parents.flatMap((dir) =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => new RegExp(`^${gem}-\\d`).test(name))
          .map((name) => join(dir, name))
      : [],
  );
}

/**
 * Ruby: a failed `raise`/test shows as "…: message (ExceptionClass)" on stderr. test-unit runs
 * its tests when the program exits (at_exit), after any statement appended to it: so the end
 * statement runs them itself first (and turns off the at_exit run); a failure raises.
 */
export const ruby = script({
  language: 'ruby',
  interpreter: realBinary('/usr/bin/ruby'),
  flags: ['--disable-gems', ...rubyGemLibs()],
  file: 'program.rb',
  versionArgv: [realBinary('/usr/bin/ruby'), '--version'],
  debianPackages: 'ruby',
  moduleUrl: import.meta.url,
  canaries: canaryFolder(import.meta.url, '.rb', comment('#')),
  diagnose: (outcome) => {
    const line = firstLine(outcome.stderrTail, /\(([A-Z]\w*(::\w+)*)\)\s*$/);
    const type = /\(([A-Z][\w:]*)\)\s*$/.exec(line)?.[1];
    if (!type) return undefined;
    const failed = /Assertion|Minitest|Test::Unit/.test(type);
    return { status: failed ? 'failed' : 'error', errorType: type, message: line };
  },
});
