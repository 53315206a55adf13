import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { firstLine, realBinary } from '../kit/process-runtime.js';
import { comment, REBOUND, script } from '../kit/script-language.js';

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
  // BEGIN: before the program's own BEGIN blocks, which run before its first statement.
  prologue: `BEGIN { passk_nonce = (File.read('/proc/self/fd/${NONCE_FD}') rescue '') }`,
  sentinel: [
    'if defined?(Test::Unit::AutoRunner) && Test::Unit::AutoRunner.need_auto_run?',
    // A method of test-unit, or an assertion of a test case class, defined in this file.
    '  passk_names = Test::Unit::Assertions.instance_methods + Test::Unit::Assertions.private_instance_methods',
    '  passk_here = lambda { |method| (method.source_location || [])[0] == __FILE__ }',
    '  passk_rebound = ObjectSpace.each_object(Module).any? do |m|',
    "    ours = m.name.to_s.start_with?('Test::Unit')",
    '    names = m.is_a?(Class) && m <= Test::Unit::TestCase ? passk_names & (m.instance_methods + m.private_instance_methods) : []',
    '    names |= m.instance_methods(false) + m.private_instance_methods(false) if ours',
    '    names.any? { |n| passk_here.(m.instance_method(n)) } || (ours && m.singleton_methods(false).any? { |n| passk_here.(m.method(n)) })',
    '  end',
    `  (STDERR.write("${REBOUND}"); exit!(1)) if passk_rebound`,
    '  Test::Unit::AutoRunner.need_auto_run = false',
    "  raise Test::Unit::AssertionFailedError, 'a test-unit test failed or raised' unless Test::Unit::AutoRunner.run",
    'end',
    `IO.new(3).write(format(%q({"n": "%s", "e": "end"}) + "\\n", passk_nonce)) unless passk_nonce.empty?`,
  ].join('\n'),
  canaries: {
    wrong:
      'class AssertionError < StandardError; end\ndef add(a, b) = a - b\nraise AssertionError unless add(1, 1) == 2\n',
    earlyExits: [
      'exit 0\n',
      "require 'test/unit'\nclass T < Test::Unit::TestCase\n  def test_exit\n    exit 0\n  end\n  def test_no\n    assert_equal(1, 2)\n  end\nend\n",
    ],
    harnessAttacks: [
      "require 'test/unit'\nmodule Test::Unit::Assertions\n  def assert_equal(*) = nil\nend\nclass T < Test::Unit::TestCase\n  def test_no\n    assert_equal(1, 2)\n  end\nend\n",
    ],
    sleeper: (seconds) => `sleep ${seconds}\n`,
    comment: comment('#'),
  },
  diagnose: (outcome) => {
    const line = firstLine(outcome.stderrTail, /\(([A-Z]\w*(::\w+)*)\)\s*$/);
    const type = /\(([A-Z][\w:]*)\)\s*$/.exec(line)?.[1];
    if (!type) return undefined;
    const failed = /Assertion|Minitest|Test::Unit/.test(type);
    return { status: failed ? 'failed' : 'error', errorType: type, message: line };
  },
});
