/**
 * How a program's harness code gets its nonce (the secret that makes the end-of-tests event
 * count): exec_worker.py puts it in a pipe on NONCE_FD, write end closed, and nowhere else (not the
 * environment, argv or a file). Each runtime's harness reads the pipe to its end and closes it
 * before any of the program's own code can run, then keeps the nonce where the program cannot
 * name it (a static with internal linkage, a local of the harness's main, a closure). A program
 * that drains the pipe first leaves the harness without a nonce: no end event, never a pass.
 * See docs/security.md ("The end-of-tests sentinel") for what this does not stop.
 */
import { NONCE_FD } from '../../worker/protocol.js';

export { NONCE_FD };

/** Java (and Scala, through Java's library): an expression reading the nonce from its pipe, by
 * path (the JVM has no raw fds), to the end; the stream and fd it opened are closed, and the
 * pipe is left empty. Run as the launcher's first statement: the program's classes are
 * initialised only when first used, after it. */
export const JAVA_TAKE_NONCE = `new String(java.nio.file.Files.readAllBytes(java.nio.file.Paths.get("/proc/self/fd/${NONCE_FD}")), java.nio.charset.StandardCharsets.US_ASCII)`;
