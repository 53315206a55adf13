/**
 * Debian's scalac, run on the JDK as scala.ts runs it (its wrapper script needs /etc/alternatives),
 * with warnings as errors: for the tests that compile harness files.
 */
export const SCALAC = [
  '/usr/bin/java',
  '-Xss8m',
  '-cp',
  ['scala-compiler.jar', 'scala-library.jar', 'scala-reflect.jar']
    .map((jar) => `/usr/share/scala-2.11/lib/${jar}`)
    .join(':'),
  '-Dscala.usejavacp=true',
  'scala.tools.nsc.Main',
  '-usejavacp',
  '-Xfatal-warnings',
  '-d',
  '.',
];
