import type { Comparison, RunSide } from '../compare/compare.js';
import { rankCounts } from '../metrics/stats/index.js';
import { sampleLabel } from './terminal.js';

/** Below this many differing problems the bootstrap of the difference is unreliable. */
const FEW_DIFFERING = 10;
const f4 = (x: number) => x.toFixed(4);
const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(4)}`;

/** The terminal report of `passk compare`. */
export function formatComparison(c: Comparison): string {
  const key = `pass@${c.k}`;
  const level = `${Math.round(c.a.stat.confidence * 100)}%`;
  const lines: string[] = [];
  for (const w of c.warnings) lines.push(`warning: ${w}`);
  const side = (name: string, s: RunSide) =>
    `  ${name}: ${key} = ${f4(s.stat.estimate)}  [${f4(s.stat.lower)}, ${f4(s.stat.upper)}]  (${s.stat.samples} samples)  ${s.dir}`;
  lines.push(
    `compared ${c.compared} problems (only in A: ${c.onlyInA.length}, only in B: ${c.onlyInB.length}, too few samples: ${c.tooFewSamples.length})`,
  );
  lines.push(side('A', c.a), side('B', c.b));
  const d = c.difference;
  lines.push(
    `  B − A: ${signed(d.interval.estimate)}  ${level} CI [${signed(d.interval.lower)}, ${signed(d.interval.upper)}]  p = ${formatP(d.pValue)} (sign-flip, ${d.pValueMethod}; ${d.differing} problems differ)`,
  );
  for (const line of suiteLines(c, key, level)) lines.push(line);
  const cheating = tamperLine(c);
  if (cheating !== undefined) lines.push(cheating);
  if (d.differing > 0 && d.differing < FEW_DIFFERING) {
    lines.push(
      `  note: only ${d.differing} problems differ; the bootstrap interval is then too narrow, trust the exact p-value`,
    );
  }
  lines.push(`  improved (no pass in A → some in B): ${c.improved.length}${list(c.improved)}`);
  lines.push(`  regressed (some pass in A → none in B): ${c.regressed.length}${list(c.regressed)}`);
  if (c.largestChanges.length > 0) {
    lines.push(`  largest ${key} changes:`);
    for (const ch of c.largestChanges) {
      lines.push(
        `    ${ch.problemId}: ${ch.a.c}/${ch.a.n} → ${ch.b.c}/${ch.b.n}  (${signed(ch.delta)})`,
      );
    }
  }
  lines.push('  failure kinds on the compared problems (A → B):');
  const kinds = new Set([...Object.keys(c.a.failures.byKind), ...Object.keys(c.b.failures.byKind)]);
  const merged = Object.fromEntries(
    [...kinds].map((kind) => [
      kind,
      (c.a.failures.byKind[kind] ?? 0) + (c.b.failures.byKind[kind] ?? 0),
    ]),
  );
  for (const [kind] of rankCounts(merged).slice(0, 8)) {
    lines.push(
      `    ${sampleLabel(kind).padEnd(24)} ${String(c.a.failures.byKind[kind] ?? 0).padStart(6)} → ${c.b.failures.byKind[kind] ?? 0}`,
    );
  }
  if (kinds.size === 0) lines.push('    none');
  return `${lines.join('\n')}\n`;
}

/** HumanEval+/MBPP+: each suite's A, B and B − A, labelled (the headline above is the last). */
function suiteLines(c: Comparison, key: string, level: string): string[] {
  if (c.suites === undefined) return [];
  const lines = ['  by test suite (a sample passes a suite only if it passed the earlier ones):'];
  for (const s of c.suites) {
    const d = s.difference;
    lines.push(
      `    ${s.suite.padEnd(5)} ${key}: A ${f4(s.a.estimate)} [${f4(s.a.lower)}, ${f4(s.a.upper)}]  B ${f4(s.b.estimate)} [${f4(s.b.lower)}, ${f4(s.b.upper)}]  B − A ${signed(d.interval.estimate)} ${level} CI [${signed(d.interval.lower)}, ${signed(d.interval.upper)}]  p = ${formatP(d.pValue)}  (${s.compared} problems; improved ${s.improved.length}, regressed ${s.regressed.length})`,
    );
  }
  return lines;
}

/** The two cheating rates, when either run has a tamper flag (never hidden behind pass@k). */
function tamperLine(c: Comparison): string | undefined {
  if (c.a.tamper.total === 0 && c.b.tamper.total === 0) return undefined;
  const rate = ({ tamper }: RunSide) =>
    `${((tamper.rate ?? 0) * 100).toFixed(1)}% (${tamper.total} flagged)`;
  return `  cheating rate (tamper flags): A ${rate(c.a)} → B ${rate(c.b)}`;
}

function formatP(p: number): string {
  return p < 0.0001 ? p.toExponential(1) : p.toFixed(4);
}

function list(ids: string[], max = 20): string {
  if (ids.length === 0) return '';
  const more = ids.length > max ? `, … (${ids.length - max} more)` : '';
  return `: ${ids.slice(0, max).join(', ')}${more}`;
}
