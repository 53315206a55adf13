import { createRegistry } from '../../core/registry.js';
import type { Runtime } from './types.js';

/** Language → runtime adapter, loaded on first use. Program.language picks the runtime. */
export const runtimes = createRegistry<Runtime>('runtime');
runtimes.register('python', async () => (await import('./python.js')).python);
runtimes.register('javascript', async () => (await import('./javascript.js')).javascript);
runtimes.register('cpp', async () => (await import('./cpp.js')).cpp);

export type { Canaries, Diagnosis, Runtime, RuntimeInstall, WorkerFlags } from './types.js';
