/**
 * Task.fromCompletion for a task whose candidate is an answer of its own (a whole file, a
 * class, a program, a description), not text that continues the dataset prompt: its harness
 * has no prompt to glue on, so a samples.jsonl "completion" row is read as the answer itself,
 * as a "solution" row and a bigcode generations.json entry are.
 */
export function completionIsAnswer<P>(_problem: P, completion: string): string {
  return completion;
}
