import { BWRAP, usrView } from './bwrap.js';

export interface SandboxSpec {
  /** Sandbox path → host path, bound read-only. */
  readOnly: Readonly<Record<string, string>>;
  /** Sandbox path → host path, bound read-write (the only place anything is written to stay). */
  writable?: Readonly<Record<string, string>>;
  command: readonly string[];
}

/**
 * bubblewrap argv for the judge's own programs (a Library Checker problem's generators,
 * reference solution and checker, a stdio row's checker; never a candidate, which runs in
 * passk's workers): every namespace unshared (no
 * network), an unprivileged uid in a user namespace of its own, read-only /usr, private /tmp,
 * /proc and /dev, a clean environment, and nothing of the host but the binds asked for.
 */
export function judgeSandboxArgv(spec: SandboxSpec): string[] {
  const binds = (flag: string, map: Readonly<Record<string, string>> = {}) =>
    Object.entries(map).flatMap(([inside, host]) => [flag, host, inside]);
  return [
    BWRAP,
    '--unshare-all',
    '--uid',
    '65534',
    '--gid',
    '65534',
    '--die-with-parent',
    '--new-session',
    ...usrView(),
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/tmp',
    ...binds('--ro-bind', spec.readOnly),
    ...binds('--bind', spec.writable),
    '--clearenv',
    '--setenv',
    'PATH',
    '/usr/bin:/bin',
    '--setenv',
    'HOME',
    '/tmp',
    '--setenv',
    'LC_ALL',
    'C.UTF-8',
    '--chdir',
    '/tmp',
    '--',
    ...spec.command,
  ];
}
