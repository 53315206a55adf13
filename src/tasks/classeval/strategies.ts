import type { TaskSteps } from '../types.js';
import { addStaticStatement, extractClassCode } from './extract.js';
import { addDescToInit, extractMethodCode, methodSignature } from './methods.js';

/*
 * Why Task.steps and not the feedback seam's reflections (Aider's asking again within a turn):
 * reflections are chat only (a completion backend never gets one, and a later request is the
 * first chat with the replies appended), are asked only after a reply that "could not be
 * applied", and keep a half-built candidate when a request fails. Upstream asks completion
 * models too, each request a fresh Alpaca prompt holding the class so far, and drops a sample
 * whose request failed. Steps give each request a prompt the task builds from the replies so
 * far, for both prompt kinds; like reflections they are journaled with the whole sample.
 */

/** What the method-level strategies read of a ClassEval row. */
export type MethodData = {
  className: string;
  /** `import_statement` joined by newlines. */
  imports: string;
  classConstructor: string;
  classDescription: string;
  methods: readonly { name: string; description: string }[];
};

type Kind = 'completion' | 'chat';

/** inference_util.py `generate_prompt`: the instruction in its Alpaca template (most models). */
export function alpacaPrompt(instruction: string): string {
  return `Below is an instruction that describes a task. Write a response that appropriately completes the request.

### Instruction:
${instruction}

### Response:
`;
}

/** What is sent: the Alpaca prompt to a completion model, the instruction alone to a chat model. */
function sent(instruction: string, kind: Kind): string {
  return kind === 'completion' ? alpacaPrompt(instruction) : instruction;
}

/**
 * The output a method is extracted from: a completion model's is decoded with its prompt (so
 * `extract_method_code` cuts after "### Response:"), a chat model's is the reply.
 */
function decoded(prompt: string, reply: string, kind: Kind): string {
  return kind === 'completion' ? prompt + reply : reply;
}

/** inference_pipeline.py's instruction for one method: the class so far, then its description. */
function methodInstruction(data: MethodData, index: number, classText: string): string {
  const method = data.methods[index]!;
  return `please complete ${method.name} method in the following class ${data.className}\n\n${classText}\n\n    ${method.description}`;
}

/** The imports and the constructor with the class description, where both strategies start. */
function classStart(data: MethodData): string {
  return `${data.imports}\n${addDescToInit(data.classDescription, data.classConstructor)}`;
}

/** test_pipeline.py reads a post-processed prediction as any other: extract_code, add_static_statement. */
function asPrediction(classText: string): string {
  return addStaticStatement(extractClassCode(classText));
}

/**
 * Incremental generation (inference_pipeline.py, `GenerationStrategy.Incremental`): one method
 * per request, in the dataset's order, each prompt the class so far (imports, the constructor
 * with the class description, every method extracted from the earlier replies) and the next
 * method's description; the sample is the class after the last method (`post_process`).
 */
export function incrementalSteps(): TaskSteps<MethodData> {
  const after = (data: MethodData, replies: readonly string[], kind: Kind) => {
    let classText = classStart(data);
    replies.forEach((reply, i) => {
      const prompt = sent(methodInstruction(data, i, classText), kind);
      const code = extractMethodCode(decoded(prompt, reply, kind), data.methods[i]!.name);
      classText += `\n\n${code}`;
    });
    return classText;
  };
  return {
    next: ({ meta }, replies, kind) =>
      replies.length >= meta.methods.length
        ? undefined
        : sent(methodInstruction(meta, replies.length, after(meta, replies, kind)), kind),
    candidate: ({ meta }, replies, kind) => asPrediction(after(meta, replies, kind)),
  };
}

/**
 * The compositional prompt of method `index`: the class start, every other method as its
 * signature with `pass`, then this method's description.
 */
function compositionalInstruction(data: MethodData, index: number): string {
  const own = data.methods[index]!.name;
  const others = data.methods
    .filter((method) => method.name !== own)
    .map((method) => `${methodSignature(method.description, method.name)}\n        pass\n\n`);
  return methodInstruction(data, index, classStart(data) + others.join(''));
}

/**
 * Compositional generation (`GenerationStrategy.Compositional`): each method asked against the
 * skeleton with the other methods as signatures; the sample joins the imports, the constructor
 * (without the description, as `post_process`) and each extracted method.
 */
export function compositionalSteps(): TaskSteps<MethodData> {
  return {
    next: ({ meta }, replies, kind) =>
      replies.length >= meta.methods.length
        ? undefined
        : sent(compositionalInstruction(meta, replies.length), kind),
    candidate: ({ meta }, replies, kind) => {
      const methods = replies.map((reply, i) => {
        const prompt = sent(compositionalInstruction(meta, i), kind);
        return extractMethodCode(decoded(prompt, reply, kind), meta.methods[i]!.name);
      });
      const joined = methods.map((code) => `\n\n${code}`).join('');
      return asPrediction(`${meta.imports}\n${meta.classConstructor}${joined}`);
    },
  };
}
