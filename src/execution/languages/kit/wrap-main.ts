import { RESULT_FD } from '../../worker/protocol.js';
import { harnessFile } from './harness-template.js';
import { NONCE_FD } from './nonce-channel.js';
import { END_EVENT } from './process-runtime.js';

/**
 * passk_wrap_main.c as programs receive it: the C wrapper around a compiled program's main
 * (linked with -Wl,--wrap=main) that writes the end event when main returns 0. D and Fortran
 * link it; Fortran compiles it with -DPASSK_STOPPED (see the file).
 */
export const WRAP_MAIN_C = harnessFile(import.meta.url, 'passk_wrap_main.c', {
  RESULT_FD,
  NONCE_FD,
  END_EVENT,
});
