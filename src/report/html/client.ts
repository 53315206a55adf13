import { readSourceFile } from '../../core/source-files.js';

/**
 * The page's only script (page-script.js beside this file), plain browser JavaScript (ES2020, no build
 * step and no imports, so the report stays one offline file). It reads the JSON block and fills
 * the detail panel with textContent only: programs are untrusted model output and must never be
 * parsed as HTML. `node --check` parses it in render.test.ts; the browser test runs it.
 */
export const CLIENT_SCRIPT = readSourceFile(import.meta.url, 'page-script.js');
