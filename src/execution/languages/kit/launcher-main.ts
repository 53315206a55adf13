/**
 * The type whose `main` a launcher calls: the one that encloses the LAST declaration of `main`
 * in the program, found by brace depth (comments, strings and chars left out), qualified by its
 * enclosing types (`Outer.Inner`). The tests come after the candidate, so their `main` is the
 * last; the first one, or the last `class` keyword before it, may be a decoy of the candidate's
 * (redteam: a Java candidate that closed its class and declared `class Zed { main() {} }` had
 * the launcher call that no-op instead of the tests). Undefined when no type encloses it.
 */
export function enclosingTypeOfLastMain(
  source: string,
  main: RegExp,
  typeHead: RegExp,
): string | undefined {
  const text = blankLiterals(source);
  const mains = [...text.matchAll(new RegExp(main.source, 'g'))];
  const at = mains.at(-1)?.index;
  if (at === undefined) return undefined;
  const heads = [...text.matchAll(new RegExp(typeHead.source, 'g'))].map((m) => ({
    index: m.index,
    name: m[1]!,
  }));
  const stack: { name: string; depth: number }[] = [];
  let depth = 0;
  let pending: string | undefined;
  let next = 0;
  for (let i = 0; i < at; i++) {
    if (next < heads.length && heads[next]!.index === i) pending = heads[next++]!.name;
    const c = text[i];
    if (c === '{') {
      depth++;
      if (pending !== undefined) stack.push({ name: pending, depth });
      pending = undefined;
    } else if (c === '}') {
      while (stack.length > 0 && stack.at(-1)!.depth >= depth) stack.pop();
      depth--;
    } else if (c === ';' || c === '=') pending = undefined; // `class X;`: no body follows
  }
  return stack.length > 0 ? stack.map((entry) => entry.name).join('.') : undefined;
}

/** Comments, string and char literals replaced by spaces (same length: indices stay). */
function blankLiterals(source: string): string {
  return source.replace(
    /\/\*[\s\S]*?\*\/|\/\/[^\n]*|"""[\s\S]*?"""|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g,
    (match) => match.replace(/[^\n]/g, ' '),
  );
}
