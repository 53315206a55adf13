import { type BatchLanguage, topLevelText } from '../kit/batch.js';
import { harnessFile } from '../kit/harness-template.js';

/** `fn main()` as the program declares it (any visibility), renamed for the dispatcher. */
const MAIN = /\b(?:pub(?:\s*\([^)]*\))?\s+)?fn\s+main\s*\(\s*\)/;

/**
 * What could make a program mean something else as a module of a larger crate than as a crate of
 * its own, or reach into the other members: crate-level attributes and paths, symbols exported by
 * name, code run before main, FFI, file inclusion, and the names of its own file, module or types.
 * Such a program compiles alone.
 */
const NOT_IN_BATCH =
  /#!|crate::|\$crate|#\s*\[\s*(?:path|no_mangle|export_name|link_section|used|link|macro_export|global_allocator|panic_handler|start)\b|\bextern\s*"|\binclude(?:_str|_bytes)?!|\b(?:file|line|column|module_path)!|type_name/;

/**
 * Attributes and macros that place code before main or name another file, matched where the word
 * stands (also inside `cfg_attr(…)` or `unsafe(…)`), and attributes whose name follows a line
 * comment (`#[// …⏎used]`); block comments keep a program out (they nest, so no regular
 * expression sees past nested ones). A member's code run before main would run in
 * the process of every member of its batch (another sample's verdict).
 */
const ANYWHERE =
  /\/\*|\b(?:cfg_attr|link_section|no_mangle|export_name|global_asm|naked_asm|global_allocator|panic_handler|include|include_str|include_bytes|macro_export)\b/;
const ATTRIBUTE = /#\s*!?\s*\[(?:\s|\/\/[^\n]*)*(?:r#)?(?:used|link|path|start|unsafe)\b/;

/** Outside every `{…}`, `super` would name the batch's root (alone it is an error there). */
function topLevelSuper(source: string): boolean {
  const top = topLevelText(source);
  return top === undefined || /\bsuper\b/.test(top);
}

/**
 * Rust: each member is a module (`#[path = "passk_mN.rs"] mod passk_mN;`) of one binary crate, its
 * `fn main()` renamed `passk_user_main`; the crate's `main` is passk's own wrapper (the end
 * sentinel after the member's main returns) calling the member PASSK_MEMBER names. rustc names
 * the member file of each error (`--> passk_mN.rs:L:C`).
 */
export function rustBatch(compiler: readonly string[], wrapper: string): BatchLanguage {
  return {
    eligible: (source) =>
      MAIN.test(source) &&
      !NOT_IN_BATCH.test(source) &&
      !ANYWHERE.test(source) &&
      !ATTRIBUTE.test(source) &&
      !topLevelSuper(source),
    memberFiles: (source, member) => ({
      [`${member}.rs`]: source.replace(MAIN, 'pub(crate) fn passk_user_main()'),
    }),
    mainFile: 'main.rs',
    main: harnessFile(import.meta.url, 'batch_main.rs', { WRAPPER: wrapper }),
    item: '#[path = "{m}.rs"] mod {m};\n',
    arm: '        "{m}" => { let _ = {m}::passk_user_main(); }\n',
    argv: [...compiler, '-o', 'program', 'main.rs'],
    output: 'program',
    blame: String.raw`-->\s+(passk_m\d+)\.rs:\d+`,
  };
}
