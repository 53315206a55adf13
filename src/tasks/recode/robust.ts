import type { MetricSample, TaskMetric } from '../types.js';

/**
 * The unbiased pass@k estimator, 1 - C(n-c, k) / C(n, k) in product form (the tasks layer sits
 * below metrics/, so it keeps its own copy of these three lines).
 */
function passAtK(n: number, c: number, k: number): number {
  if (n - c < k) return 1;
  let miss = 1;
  for (let i = n - c + 1; i <= n; i++) miss *= 1 - k / i;
  return 1 - miss;
}

/** How a ReCode problem id names its HumanEval problem, perturbation and seed. */
export const NOMINAL = 'nominal';
export function recodeId(taskId: string, perturbation: string, seed: number): string {
  return perturbation === NOMINAL ? `${taskId}@${NOMINAL}` : `${taskId}@${perturbation}@s${seed}`;
}
function parseId(id: string): { taskId: string; perturbation: string } {
  const [taskId = id, perturbation = NOMINAL] = id.split('@');
  return { taskId, perturbation };
}

/** sample index → passed, per (perturbation → HumanEval problem → seeded problem id). */
type Grid = Map<string, Map<string, Map<string, Map<number, boolean>>>>;

function grid(problemIds: readonly string[], results: readonly MetricSample[]): Grid {
  const wanted = new Set(problemIds);
  const out: Grid = new Map();
  for (const r of results) {
    if (!wanted.has(r.task_id) || r.status === 'infra-error') continue;
    const { taskId, perturbation } = parseId(r.task_id);
    const byTask = out.get(perturbation) ?? new Map();
    out.set(perturbation, byTask);
    const bySeed = byTask.get(taskId) ?? new Map();
    byTask.set(taskId, bySeed);
    const samples = bySeed.get(r.task_id) ?? new Map();
    bySeed.set(r.task_id, samples);
    samples.set(r.sample, r.status === 'passed');
  }
  return out;
}

/** Sample indices every seeded version of the problem has (the i-th generation of each). */
function commonSamples(bySeed: Map<string, Map<number, boolean>>): number[] {
  const sets = [...bySeed.values()].map((s) => new Set(s.keys()));
  return [...(sets[0] ?? [])].filter((i) => sets.every((s) => s.has(i))).sort((a, b) => a - b);
}

const mean = (xs: readonly number[]) =>
  xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * ReCode's robustness metrics (Wang et al., 2022, §3.3) for one perturbation, from the i-th
 * sample of every seeded prompt of a problem: robust pass@k counts sample i as correct only if it
 * is correct on all s perturbed prompts; robust drop is the relative fall from nominal pass@k;
 * robust relative counts samples whose result changes (nominal right and some perturbed wrong, or
 * nominal wrong and some perturbed right). bigcode's robust-pass-at-1 and alt-robust-pass-at-1
 * (follows bigcode_eval/tasks/recode.py process_results) are reported beside them.
 */
function perturbationScores(
  byTask: Map<string, Map<string, Map<number, boolean>>>,
  nominal: Map<string, Map<string, Map<number, boolean>>> | undefined,
  k: number,
) {
  const robust: number[] = [];
  const nominalPass: number[] = [];
  const relative: number[] = [];
  const alt: number[] = [];
  for (const [taskId, bySeed] of byTask) {
    const samples = commonSamples(bySeed);
    const n = samples.length;
    if (n < k) return undefined;
    const allRight = samples.filter((i) => [...bySeed.values()].every((s) => s.get(i))).length;
    robust.push(passAtK(n, allRight, k));
    alt.push([...bySeed.values()].reduce((p, s) => p * mean([...s.values()].map(Number)), 1));
    const base = nominal?.get(taskId)?.values().next().value;
    if (base === undefined) continue;
    const nominalRight = samples.filter((i) => base.get(i)).length;
    nominalPass.push(passAtK(n, nominalRight, k));
    const worse = samples.filter((i) => base.get(i) && [...bySeed.values()].some((s) => !s.get(i)));
    const better = samples.filter(
      (i) => !base.get(i) && [...bySeed.values()].some((s) => s.get(i)),
    );
    relative.push(passAtK(n, worse.length, k) + passAtK(n, better.length, k));
  }
  const rp = mean(robust);
  const np = mean(nominalPass);
  return {
    robustPass: rp,
    alt: mean(alt),
    ...(nominalPass.length === byTask.size
      ? { drop: np === 0 ? 0 : (np - rp) / np, relative: mean(relative) }
      : {}),
  };
}

export const recodeMetric: TaskMetric = {
  name: 'robust pass@k (ReCode)',
  keys: {
    'nominal/pass@k': 'pass@k on the unperturbed HumanEval prompts',
    'PERTURBATION/robust-pass@k':
      'ReCode RP_s@k: a sample counts as correct only if the same sample index is correct on all s seeded prompts',
    'PERTURBATION/robust-drop@k': 'ReCode RD_s@k = (nominal pass@k - RP_s@k) / nominal pass@k',
    'PERTURBATION/robust-relative@k':
      'ReCode RR_s@k: pass@k-style share of samples whose result changes under the perturbation, either way',
    'PERTURBATION/alt-robust-pass@1':
      "bigcode's alt-robust-pass-at-1: product over seeds of each seed's mean correctness",
    'mean/…': 'the mean of each key over the perturbations',
  },
  compute({ problemIds, results, ks }) {
    const all = grid(problemIds, results);
    const nominal = all.get(NOMINAL);
    const out: Record<string, number> = {};
    const means = new Map<string, number[]>();
    for (const k of ks) {
      if (nominal !== undefined) {
        const scores = perturbationScores(nominal, undefined, k);
        if (scores !== undefined) out[`${NOMINAL}/pass@${k}`] = scores.robustPass;
      }
      for (const [perturbation, byTask] of [...all].sort(([a], [b]) => a.localeCompare(b))) {
        if (perturbation === NOMINAL) continue;
        const s = perturbationScores(byTask, nominal, k);
        if (s === undefined) continue;
        const add = (key: string, value: number) => {
          out[`${perturbation}/${key}`] = value;
          means.set(key, [...(means.get(key) ?? []), value]);
        };
        add(`robust-pass@${k}`, s.robustPass);
        if (s.drop !== undefined) add(`robust-drop@${k}`, s.drop);
        if (s.relative !== undefined) add(`robust-relative@${k}`, s.relative);
        if (k === 1) add('alt-robust-pass@1', s.alt);
      }
    }
    for (const [key, values] of means) out[`mean/${key}`] = mean(values);
    return out;
  },
};
