import type { ExecEnvironment } from '../../execution/environments/types.js';
import { requiredModulesOf } from '../kit/required-modules.js';

/**
 * What DS-1000's harnesses and references import beyond the standard library (measured over
 * the 1,000 rows: numpy 951, pandas 724, matplotlib and PIL 155, scipy 127, sklearn 113, torch
 * 70, seaborn 54, tensorflow 47; xgboost, statsmodels and gensim a few each), with the Debian
 * packages that provide them. TensorFlow has none: those problems need `--python-env`.
 */
export const DS1000_ENVIRONMENT: ExecEnvironment = {
  python: {
    modules: [
      'numpy',
      'pandas',
      'matplotlib',
      'scipy',
      'sklearn',
      'torch',
      'tensorflow',
      'seaborn',
      'PIL',
      'xgboost',
      'statsmodels',
      'gensim',
    ],
    debianPackages: [
      'python3-numpy',
      'python3-pandas',
      'python3-matplotlib',
      'python3-scipy',
      'python3-sklearn',
      'python3-torch',
      'python3-seaborn',
      'python3-pil',
      'python3-xgboost',
      'python3-statsmodels',
      'python3-gensim',
    ],
    notInDebian: ['tensorflow'],
    // TensorFlow's start-up chatter and GPU probing (upstream's test script sets the same).
    env: { TF_CPP_MIN_LOG_LEVEL: '3', CUDA_VISIBLE_DEVICES: '-1' },
  },
};

/**
 * Downloads: seaborn's `load_dataset` (14 Matplotlib problems fetch 'tips', 'penguins', … from
 * GitHub) and sklearn's `fetch_*` (problem 819, California housing).
 */
const DOWNLOAD = /\bload_dataset\(|\bfetch_\w+\(|\burlopen\(/;

/**
 * The environment's modules a problem's harness or reference imports (top-level names), and
 * 'network' when it downloads data (Task.requires: such problems cannot run in the sandbox).
 */
export const requiredModules = requiredModulesOf(DS1000_ENVIRONMENT, DOWNLOAD);
