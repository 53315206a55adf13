import { describe, expect, it } from 'vitest';
import { unavailableTasks } from '../../api/tasks.js';
import { RuntimeMissingError } from '../../core/errors.js';
import { sharedDataDir } from '../../datasets/index.js';
import { LANGUAGE_MODULES } from '../../execution/languages/registry.js';
import { TaskUnavailableError } from '../family.js';
import { tasks } from '../index.js';
import { resolveTask } from '../kit/resolve.js';
import { MCEVAL_UNAVAILABLE } from './unavailable.js';

describe("McEval's languages passk cannot run here", () => {
  it('are not registered tasks, and none has a runtime (one that gets one becomes a task)', () => {
    for (const [name, task] of Object.entries(MCEVAL_UNAVAILABLE)) {
      expect(tasks.has(name), name).toBe(false);
      expect(LANGUAGE_MODULES[task.language], name).toBeUndefined();
    }
  });

  it('`passk tasks` lists each with its problem count and the reason', async () => {
    const listed = await unavailableTasks(sharedDataDir());
    const dart = listed.find((row) => row.name === 'mceval-dart');
    expect(dart).toMatchObject({ language: 'dart', problems: 51 });
    expect(dart?.description).toMatch(/^cannot run here: Dart has no Debian 12 package/);
    expect(listed.map((row) => row.name).sort()).toEqual(Object.keys(MCEVAL_UNAVAILABLE).sort());
  });

  it('naming one (run, doctor --task) fails with the reason, as a missing runtime', async () => {
    const failure = resolveTask('mceval-awk');
    await expect(failure).rejects.toBeInstanceOf(TaskUnavailableError);
    await expect(failure).rejects.toBeInstanceOf(RuntimeMissingError);
    await expect(failure).rejects.toThrow(
      /^mceval-awk cannot run on this machine: its expected outputs/,
    );
  });
});
