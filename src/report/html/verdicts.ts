import type { VerdictStatus } from '../../execution/types.js';

/** How each verdict looks in the report: a colour legible on white and a plain-words label. */
export interface VerdictStyle {
  status: VerdictStatus | (string & {});
  label: string;
  color: string;
}

/**
 * In legend order: passed first, then program failures from most to least common, then the
 * sandbox's own failures. Colours follow ColorBrewer's diverging sets, chosen so that green /
 * red / orange / purple stay apart for the common red-green colour blindnesses too (the legend
 * and each cell's tooltip name the status as well, so colour is never the only cue).
 */
export const VERDICT_STYLES: readonly VerdictStyle[] = [
  { status: 'passed', label: 'passed', color: '#1a9850' },
  { status: 'failed', label: 'failed (assertion)', color: '#d73027' },
  { status: 'error', label: 'error (exception)', color: '#fc8d59' },
  { status: 'timeout', label: 'timeout', color: '#7b3294' },
  { status: 'memory', label: 'memory limit', color: '#c51b7d' },
  { status: 'killed', label: 'killed by signal', color: '#4d4d4d' },
  { status: 'output-limit', label: 'output limit', color: '#e6ab02' },
  { status: 'incomplete', label: 'incomplete (exited early)', color: '#2c7bb6' },
  { status: 'type-error', label: 'type error (TypeScript)', color: '#8c510a' },
  { status: 'infra-error', label: 'sandbox failure (not scored)', color: '#bababa' },
];

/** Colour for samples that have no verdict (generated, never executed). */
export const NO_VERDICT_COLOR = '#ffffff';

const BY_STATUS = new Map(VERDICT_STYLES.map((style) => [style.status, style]));

export function verdictStyle(status: string): VerdictStyle {
  return BY_STATUS.get(status as VerdictStatus) ?? { status, label: status, color: '#999999' };
}

/** Series colours for runs (curves, comparison), distinct from the verdict greens and reds. */
export const RUN_COLORS = ['#3366cc', '#ff9900', '#109618', '#990099', '#0099c6', '#dd4477'];

export function runColor(index: number): string {
  return RUN_COLORS[index % RUN_COLORS.length]!;
}
