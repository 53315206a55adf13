// Judges Library Checker's own solutions with passk's judge and says, per solution, whether the
// verdict is the one upstream expects (`correct.cpp` and unlisted-verdict solutions AC, the
// others their `expect`, allowing `allow_tle`/`allow_re`/`allow_wa`). Problems are selected by a
// regular expression on `<category>/<problem>`; they are copied with `common/` into a scratch
// tree (the judge builds every problem of the tree it reads). Builds are cached (PASSK_CACHE_DIR).
//   npx tsx scripts/library-checker-solutions.ts DATA_TREE [FILTER_REGEX] [OUT.tsv]
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { judgeSolutions } from '../src/api/library-checker-solutions.js';

const [root, filter = '.', out] = process.argv.slice(2);
if (root === undefined)
  throw new Error('usage: library-checker-solutions.ts DATA_TREE [FILTER] [OUT.tsv]');
const pattern = new RegExp(filter);
const status = (o: { agrees: boolean; memoryBeforeTime: boolean }) =>
  o.agrees ? 'ok' : o.memoryBeforeTime ? 'MLE-for-TLE' : 'DIFFERS';
const scratch = mkdtempSync(join(tmpdir(), 'passk-lc-tree-'));
try {
  cpSync(join(root, 'common'), join(scratch, 'common'), { recursive: true });
  for (const category of readdirSync(root, { withFileTypes: true })) {
    if (!category.isDirectory() || ['common', 'docs', 'test'].includes(category.name)) continue;
    for (const problem of readdirSync(join(root, category.name))) {
      const id = `${category.name}/${problem}`;
      if (pattern.test(id)) cpSync(join(root, id), join(scratch, id), { recursive: true });
    }
  }
  const started = performance.now();
  const outcomes = await judgeSolutions(scratch, (event) => {
    if (event.type === 'verdict') {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      process.stderr.write(
        `[${seconds} s] ${event.done}/${event.total} ${event.id}: ${event.verdict.status}\n`,
      );
    } else if (event.type === 'warning') process.stderr.write(`warning: ${event.message}\n`);
  });
  const lines = outcomes.map((o) =>
    [o.problem, o.solution, o.expected.join('|'), o.got, status(o), o.message ?? ''].join('\t'),
  );
  for (const line of lines) console.log(line);
  if (out !== undefined) writeFileSync(out, `${lines.join('\n')}\n`);
  const agree = outcomes.filter((o) => o.agrees).length;
  const memory = outcomes.filter((o) => o.memoryBeforeTime).length;
  const problems = new Set(outcomes.map((o) => o.problem)).size;
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `${agree}/${outcomes.length} solutions of ${problems} problems get the expected verdict, ${memory} more MLE where upstream (no memory limit) expects TLE (${seconds} s)`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
