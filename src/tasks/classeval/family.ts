import { type Family, familyOf } from '../family.js';
import type { Task } from '../types.js';

/** How passk runs ClassEval differently from its test_pipeline.py (docs/tasks.md, ClassEval). */
const DIFFERENCES = [
  "judging: in the candidate's process, as test_pipeline.py imports the class and its tests into one module: the tests build the class's objects and call their methods, which passk's outside judge (plain values across processes) cannot carry",
  'time: one limit (5 s, --timeout) for the program running every test class; test_pipeline.py gives each test class its own 5 s (func_set_timeout) and a timeout fails only that class. A timeout, crash or early exit here fails every test class of the sample, also in method-level pass@k',
  "exit: a program that stops before its last test class ran (sys.exit, os._exit) is not a pass (passk's end-of-tests sentinel); upstream's bare except fails the test classes a SystemExit reaches, and an os._exit ends its whole evaluation run",
  'classeval-incremental, classeval-compositional: a request that fails for good (after retries) fails its sample, where inference_pipeline.py leaves the sample out; a method reply whose def line is its last line is taken as a method without body, where extract_method_code raises (an IndexError: the sample is left out, and in compositional post_process the whole run stops)',
  'packages: the modules of its requirements.txt from Debian (numpy, pandas, PIL, docx, openpyxl, gensim, bs4, nltk, PyPDF2); a problem whose module is missing, or that downloads nltk data (no network in the sandbox), is not runnable: it runs and counts as a failure, as under test_pipeline.py (metrics.json runnable has pass@k over the others)',
];

/** ClassEval: class-level Python code generation (holistic: the whole class from its skeleton). */
export const family: Family = {
  ...familyOf('classeval', {
    classeval: async (): Promise<Task> => (await import('./task.js')).classeval(),
    'classeval-incremental': async (): Promise<Task> =>
      (await import('./method-task.js')).classevalByMethod('incremental'),
    'classeval-compositional': async (): Promise<Task> =>
      (await import('./method-task.js')).classevalByMethod('compositional'),
  }),
  differences: () => DIFFERENCES,
};
