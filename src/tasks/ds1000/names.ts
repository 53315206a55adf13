/**
 * DS-1000's task names, kept apart from the task so that registering them loads nothing.
 * Selections: every problem, or one library (`metadata.library`); modes as bigcode names them.
 */
/** DS-1000's seven libraries, as `metadata.library` spells them (upstream's report order). */
export const LIBRARIES = [
  'Pandas',
  'Numpy',
  'Matplotlib',
  'Tensorflow',
  'Pytorch',
  'Sklearn',
  'Scipy',
] as const;
export type Library = (typeof LIBRARIES)[number];

export const DS1000_SELECTIONS = ['all', ...LIBRARIES] as const;
export type Ds1000Selection = (typeof DS1000_SELECTIONS)[number];
export type Ds1000Mode = 'completion' | 'insertion';

/** The FIM layouts registered for insertion (infilling/task.ts FIM_FORMATS; 'custom' on demand). */
export const DS1000_FIM_FORMATS = ['starcoder', 'santacoder', 'codellama', 'deepseek', 'qwen'];

/** passk's name for a selection: ds1000[-<library>][-insertion][:<fim format>]. */
export function ds1000Name(selection: Ds1000Selection, mode: Ds1000Mode, format = 'starcoder') {
  const lib = selection === 'all' ? '' : `-${selection.toLowerCase()}`;
  const insertion = mode === 'insertion' ? '-insertion' : '';
  return `ds1000${lib}${insertion}${format === 'starcoder' ? '' : `:${format}`}`;
}
