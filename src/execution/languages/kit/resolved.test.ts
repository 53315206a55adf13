import { describe, expect, it } from 'vitest';
import { ConfigError, SandboxError } from '../../../core/errors.js';
import { resolveLimits } from '../../sandboxes/common.js';
import { createSubprocessSandbox } from '../../sandboxes/subprocess.js';
import { runtimes } from '../index.js';

const limits = resolveLimits({ timeoutMs: 1000, memoryBytes: 2 ** 30, outputBytes: 2 ** 20 });

describe('a resolved runtime: toolchain + program adapter', () => {
  it("Python's plan is the source for its worker; it alone has a fresh-process runner", async () => {
    const { toolchain, adapter } = await (await runtimes.get('python')).resolve({});
    expect(toolchain.version).toMatch(/^python 3\./);
    expect(adapter.plan('x = 1\n', limits)).toEqual({ source: 'x = 1\n' });
    expect(toolchain.once?.programFile).toBe('program.py');
    expect(toolchain.workerArgv({ scratchDir: '/s', pidNamespace: true }, '/opt/p')).toContain(
      '/opt/p/worker.py',
    );
  });

  it("another language's plan is files and a run step for exec_worker.py", async () => {
    const { toolchain, adapter } = await (await runtimes.get('javascript')).resolve({});
    const planned = adapter.plan('console.log(1);\n', limits);
    expect(planned.source).toBeUndefined();
    expect(Object.values(planned.plan?.files ?? {})).toContainEqual(
      expect.stringContaining('console.log(1);'),
    );
    expect(planned.plan?.run.argv.length).toBeGreaterThan(0);
    expect(toolchain.once).toBeUndefined();
    expect(toolchain.workerArgv({ scratchDir: '/s', pidNamespace: true }, '/opt/p')).toContain(
      '/opt/p/exec_worker.py',
    );
    // The subprocess sandbox needs a fresh-process runner, which only Python's toolchain has.
    expect(() => createSubprocessSandbox(toolchain, 1)).toThrow(SandboxError);
    expect(() => createSubprocessSandbox(toolchain, 1)).toThrow(
      /subprocess sandbox runs Python only, not javascript/,
    );
  });

  it('a library environment is refused by a runtime that cannot provide one', async () => {
    const environment = { python: { modules: ['json'], debianPackages: [] } };
    const resolving = (await runtimes.get('javascript')).resolve({ environment });
    await expect(resolving).rejects.toBeInstanceOf(ConfigError);
    await expect(resolving).rejects.toThrow(/library environment is for Python programs/);
  });
});
