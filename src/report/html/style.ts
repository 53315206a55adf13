import { readSourceFile } from '../../core/source-files.js';
import { verdictCss } from './grid.js';

/** Where style.css takes the verdict colours, which grid.ts derives from the verdict statuses. */
const VERDICT_COLOURS = '/* passk: the verdict colours (grid.ts verdictCss) */';

/** The page's whole stylesheet, style.css (inline: the report must work offline, from file://). */
export function reportCss(): string {
  return readSourceFile(import.meta.url, 'style.css').replace(VERDICT_COLOURS, verdictCss());
}
