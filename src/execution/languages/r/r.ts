import { canaryFolder } from '../kit/canary-folder.js';
import { firstLine } from '../kit/process-runtime.js';
import { comment, script } from '../kit/script-language.js';

/** R (Rscript): MultiPL-E's tests are `stopifnot(isTRUE(all.equal(…)))`. */
export const r = script({
  language: 'r',
  interpreter: '/usr/bin/Rscript',
  flags: ['--vanilla'],
  file: 'program.R',
  versionArgv: ['/usr/bin/Rscript', '--version'],
  debianPackages: 'r-base-core',
  // R_HOME/etc is a link to /etc/R (Renviron, ldpaths), which the sandbox does not otherwise show;
  // libblas/liblapack and `which` (run by utils' .onLoad) are links into /etc/alternatives.
  mounts: ['/etc/R', '/etc/alternatives'],
  moduleUrl: import.meta.url,
  canaries: canaryFolder(import.meta.url, '.r', comment('#')),
  diagnose: (outcome) => {
    const line = firstLine(outcome.stderrTail, /^Error/);
    if (!line) return undefined;
    const failed = /is not TRUE|are not all TRUE/.test(outcome.stderrTail);
    return {
      status: failed ? 'failed' : 'error',
      errorType: failed ? 'AssertionError' : 'RError',
      message: line,
    };
  },
});
