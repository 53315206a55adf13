import { RESULT_FD } from '../../worker/protocol.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { firstLine } from '../kit/process-runtime.js';
import { comment, REBOUND, script } from '../kit/script-language.js';

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
  prologue: `passk_nonce <- local({ passk_in <- file('/proc/self/fd/${NONCE_FD}', 'r'); on.exit(close(passk_in)); paste(readLines(passk_in, warn = FALSE), collapse = '') }); passk_bound <- list(stopifnot = base::stopifnot, isTRUE = base::isTRUE, all.equal = base::all.equal)`,
  // Evaluated where only base is seen (the program's globals could rebind `any`, `get`, …).
  sentinel: `if (base::local({ g <- globalenv(); b <- get('passk_bound', envir = g); any(vapply(names(b), function(n) !identical(get(n, envir = g), b[[n]]) || !identical(get(n, envir = baseenv()), b[[n]]), logical(1))) || any(startsWith(ls(g, all.names = TRUE), 'all.equal.')) }, envir = base::new.env(parent = base::baseenv()))) { base::cat('${REBOUND}', file = base::stderr()); base::quit(status = 1) }
if (nzchar(passk_nonce)) local({ passk_con <- file('/proc/self/fd/${RESULT_FD}', 'w'); cat(sprintf('{"n": "%s", "e": "end"}\\n', passk_nonce), file = passk_con); close(passk_con) })`,
  canaries: {
    wrong: 'add <- function(a, b) a - b\nstopifnot(isTRUE(all.equal(add(1, 1), 2)))\n',
    earlyExits: ['quit(status = 0)\n', 'q("no")\n'],
    harnessAttacks: [
      'stopifnot <- function(...) TRUE\nadd <- function(a, b) a - b\nstopifnot(isTRUE(all.equal(add(1, 1), 2)))\n',
    ],
    sleeper: (seconds) => `Sys.sleep(${seconds})\n`,
    comment: comment('#'),
  },
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
