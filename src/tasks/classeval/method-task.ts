import { z } from 'zod';
import { validateRows } from '../../datasets/validate.js';
import type { Problem, Task } from '../types.js';
import { compositionalSteps, incrementalSteps, type MethodData } from './strategies.js';
import { type ClassData, classeval } from './task.js';

/** The fields of a ClassEval row the method-level strategies read, besides the holistic ones. */
const methodRowSchema = z.object({
  class_name: z.string(),
  import_statement: z.array(z.string()),
  class_constructor: z.string(),
  class_description: z.string(),
  methods_info: z
    .array(z.object({ method_name: z.string(), method_description: z.string() }))
    .min(1),
});

function methodData(row: z.infer<typeof methodRowSchema>): MethodData {
  return {
    className: row.class_name,
    imports: row.import_statement.join('\n'),
    classConstructor: row.class_constructor,
    classDescription: row.class_description,
    methods: row.methods_info.map((m) => ({
      name: m.method_name,
      description: m.method_description,
    })),
  };
}

export type Strategy = 'incremental' | 'compositional';

const DESCRIPTIONS: Record<Strategy, string> = {
  incremental:
    'ClassEval, incremental: one method per request, each prompt the class so far (the methods generated before) and the next method; class-level pass@k, method-level in metrics.json',
  compositional:
    'ClassEval, compositional: one method per request against the skeleton with the other methods as signatures, joined into the class; class-level pass@k, method-level in metrics.json',
};

/**
 * ClassEval's method-level generation strategies (inference_pipeline.py): the same problems,
 * tests and metrics as `classeval`, but each sample asked one method at a time (Task.steps);
 * the first prompt is the first method's.
 */
export function classevalByMethod(strategy: Strategy): Task<ClassData & MethodData> {
  const base = classeval();
  // (the holistic task has none of these, whose return types name its problems' data)
  const { prepare: _prepare, complete: _complete, input: _input, ...shared } = base;
  const steps = strategy === 'incremental' ? incrementalSteps() : compositionalSteps();
  return {
    ...shared,
    name: `classeval-${strategy}`,
    description: DESCRIPTIONS[strategy],
    problems(rows, file) {
      const methods = validateRows({ rows, file }, methodRowSchema).map(methodData);
      return base.problems(rows, file).map((problem, i): Problem<ClassData & MethodData> => {
        const withMethods = { ...problem, meta: { ...problem.meta, ...methods[i]! } };
        return { ...withMethods, prompt: steps.next(withMethods, [], 'completion')! };
      });
    },
    instructionPrompt: (problem) => steps.next(problem, [], 'chat')!,
    steps,
  };
}
