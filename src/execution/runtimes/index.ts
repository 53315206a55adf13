import { createRegistry } from '../../core/registry.js';
import type { Runtime } from './types.js';

/** Language → runtime adapter, loaded on first use. Program.language picks the runtime. */
export const runtimes = createRegistry<Runtime>('runtime');
runtimes.register('python', async () => (await import('./python.js')).python);
runtimes.register('javascript', async () => (await import('./javascript.js')).javascript);
runtimes.register('java', async () => (await import('./java.js')).java);
runtimes.register('rust', async () => (await import('./rust.js')).rust);
runtimes.register('go', async () => (await import('./go.js')).go);
runtimes.register('typescript', async () => (await import('./typescript.js')).typescript);
runtimes.register('cpp', async () => (await import('./cpp.js')).cpp);

runtimes.register('shell', async () => (await import('./scripts.js')).shell);
runtimes.register('php', async () => (await import('./scripts.js')).php);
runtimes.register('ruby', async () => (await import('./scripts.js')).ruby);
runtimes.register('lua', async () => (await import('./scripts.js')).lua);
runtimes.register('perl', async () => (await import('./scripts.js')).perl);
runtimes.register('r', async () => (await import('./scripts.js')).r);
runtimes.register('racket', async () => (await import('./scripts.js')).racket);
runtimes.register('scala', async () => (await import('./scala.js')).scala);
runtimes.register('csharp', async () => (await import('./csharp.js')).csharp);
runtimes.register('d', async () => (await import('./d.js')).d);
runtimes.register('exercism-python', async () => (await import('./exercism.js')).exercismPython);
runtimes.register('exercism-go', async () => (await import('./exercism.js')).exercismGo);
runtimes.register('exercism-rust', async () => (await import('./exercism.js')).exercismRust);
runtimes.register('exercism-cpp', async () => (await import('./exercism.js')).exercismCpp);
runtimes.register('exercism-java', async () => (await import('./exercism.js')).exercismJava);
runtimes.register(
  'exercism-javascript',
  async () => (await import('./exercism-javascript.js')).exercismJavascript,
);

export type { Canaries, Diagnosis, Runtime, RuntimeInstall, WorkerFlags } from './types.js';
