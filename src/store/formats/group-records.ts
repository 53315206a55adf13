import type { GenerationRecord } from '../records.js';

/**
 * Programs per problem id, in sample order, keyed in order of first appearance. The export
 * formats carry no sample index, so position is the index: gaps close up (samples 0, 2 are
 * written as positions 0, 1), and a repeated (problem, sample) pair is refused as a caller bug.
 */
export function programsByProblem(records: readonly GenerationRecord[]): Map<string, string[]> {
  const byProblem = new Map<string, GenerationRecord[]>();
  for (const record of records) {
    const list = byProblem.get(record.problemId) ?? [];
    list.push(record);
    byProblem.set(record.problemId, list);
  }
  const programs = new Map<string, string[]>();
  for (const [problemId, list] of byProblem) {
    list.sort((a, b) => a.sample - b.sample);
    list.forEach((record, i) => {
      if (i > 0 && list[i - 1]!.sample === record.sample) {
        throw new Error(`two generation records for ${problemId} sample ${record.sample}`);
      }
    });
    programs.set(
      problemId,
      list.map((record) => record.program),
    );
  }
  return programs;
}
