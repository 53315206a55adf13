import type { ListedModel } from './endpoints.js';

/**
 * The other names a listing gives the same weights as `name`: vLLM started with
 * `--served-model-name a b` lists `a` and `b` with one `root` (the model path) and answers every
 * request as `a`, so an answer naming `a` to a request for `b` is the model asked for. Adapters
 * (cards with a `parent`) are other models. Servers that give no `root` have no aliases.
 */
export function aliasesOf(name: string, models: readonly ListedModel[]): string[] {
  const root = models.find((m) => m.id === name && m.parent === undefined)?.root;
  if (root === undefined) return [];
  return models
    .filter((m) => m.id !== name && m.parent === undefined && m.root === root)
    .map((m) => m.id);
}

/**
 * The model a listing serves when it serves one: a single card, or several names of the same
 * weights (then the first, the name vLLM answers with). Undefined when it lists other models.
 */
export function singleModel(models: readonly ListedModel[]): string | undefined {
  const [first] = models;
  if (first === undefined) return undefined;
  const aliases = aliasesOf(first.id, models);
  return aliases.length === models.length - 1 ? first.id : undefined;
}
