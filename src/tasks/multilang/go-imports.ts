/**
 * HumanEval-X's Go programs are `test_setup` (package clause + imports) followed by the prompt,
 * which has its own import block: the same package imported twice is a compile error in Go
 * ("redeclared in this block"). This merges every top-level import declaration of the program's
 * head into one block after the package clause, each path once. Only the leading declarations
 * are touched (imports must precede all other declarations in Go anyway).
 */
export function mergeGoImports(source: string): string {
  const specs: string[] = [];
  const importDecl = /^import\s*(?:\(([^)]*)\)|("[^"\n]+"|\w+\s+"[^"\n]+"))[ \t]*\n?/gm;
  const firstFunc = source.search(/^(func|type|var|const)\b/m);
  const head = firstFunc < 0 ? source : source.slice(0, firstFunc);
  const rest = firstFunc < 0 ? '' : source.slice(firstFunc);
  const stripped = head.replace(
    importDecl,
    (_, block: string | undefined, single: string | undefined) => {
      const lines = block === undefined ? [single ?? ''] : block.split('\n');
      for (const raw of lines) {
        const spec = raw.replace(/\/\/.*$/, '').trim();
        if (spec !== '' && !specs.includes(spec)) specs.push(spec);
      }
      return '';
    },
  );
  if (specs.length === 0) return source;
  const block = `\nimport (\n${specs.map((spec) => `    ${spec}`).join('\n')}\n)\n`;
  const packageClause = /^package\s+\w+[ \t]*\n/m.exec(stripped);
  if (!packageClause) return source;
  const at = packageClause.index + packageClause[0].length;
  return `${stripped.slice(0, at)}${block}${stripped.slice(at)}${rest}`;
}
