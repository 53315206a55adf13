import type { ExecEnvironment } from '../../execution/environments/types.js';
import { requiredModulesOf } from '../kit/required-modules.js';

/**
 * The third-party modules ClassEval's classes import (its requirements.txt), from Debian's
 * packages or `--python-env`. A problem importing one that is not installed here is not runnable
 * (Task.requires): it runs and counts as a failure, as under upstream's harness, with a warning.
 */
export const CLASSEVAL_ENVIRONMENT: ExecEnvironment = {
  python: {
    modules: ['numpy', 'pandas', 'PIL', 'docx', 'openpyxl', 'gensim', 'bs4', 'nltk', 'PyPDF2'],
    debianPackages: [
      'python3-numpy',
      'python3-pandas',
      'python3-pil',
      'python3-docx',
      'python3-openpyxl',
      'python3-gensim',
      'python3-bs4',
      'python3-nltk',
      'python3-pypdf2',
    ],
  },
};

/** nltk.download fetches corpora: such a problem needs the network, never in the sandbox. */
const DOWNLOAD = /\bnltk\.download\(/;

/** The known third-party modules a problem's reference and tests import, and 'network' if they download. */
export const requiredModules = requiredModulesOf(CLASSEVAL_ENVIRONMENT, DOWNLOAD);
