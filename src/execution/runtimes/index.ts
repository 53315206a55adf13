import { createRegistry } from '../../core/registry.js';
import type { Runtime } from './types.js';

/** Language → runtime adapter. Later languages (javascript, cpp, java, go, rust) register here. */
export const runtimes = createRegistry<Runtime>('runtime');
runtimes.register('python', async () => (await import('./python.js')).python);

export type { Canaries, Runtime, RuntimeInstall, WorkerFlags } from './types.js';
