import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../core/errors.js';
import { ENGINE_DIR_VARIABLE, engineDirs, loadEngine } from './llama-cpp-engine.js';

const notInstalled = () =>
  Promise.reject(
    Object.assign(new Error("Cannot find package 'node-llama-cpp'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    }),
  );

/** An npm --prefix folder holding a stand-in node-llama-cpp whose entry exports `marker`. */
function prefixWithEngine(marker: string): string {
  const prefix = mkdtempSync(join(tmpdir(), 'passk-engine-'));
  const root = join(prefix, 'node_modules', 'node-llama-cpp');
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({ type: 'module', exports: { '.': { import: './dist/index.js' } } }),
  );
  writeFileSync(join(root, 'dist', 'index.js'), `export const marker = '${marker}';\n`);
  return prefix;
}

describe('loadEngine (node-llama-cpp is optional)', () => {
  it('imports the engine from an npm --prefix folder when node_modules lacks it', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'passk-engine-empty-'));
    const engine = await loadEngine(notInstalled, [empty, prefixWithEngine('from-prefix')]);
    expect((engine as unknown as { marker: string }).marker).toBe('from-prefix');
  });

  it('prefers node_modules when the package is there', async () => {
    const own = { marker: 'node_modules' };
    const engine = await loadEngine(async () => own, [prefixWithEngine('from-prefix')]);
    expect(engine).toBe(own);
  });

  it('missing everywhere: a ConfigError naming the version and both ways to install it', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'passk-engine-empty-'));
    const error = await loadEngine(notInstalled, [empty]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain('node-llama-cpp@3.21.1');
    expect((error as ConfigError).message).toContain(empty);
    expect((error as ConfigError).hint).toContain('npm install -E node-llama-cpp@3.21.1');
    expect((error as ConfigError).hint).toContain(ENGINE_DIR_VARIABLE);
  });

  it('other import failures are not taken for a missing package', async () => {
    const broken = () => Promise.reject(new SyntaxError('bad engine'));
    await expect(loadEngine(broken, [prefixWithEngine('x')])).rejects.toThrow('bad engine');
  });

  it('searches $PASSK_LLAMA_CPP_DIR first, then .passk-engines in passk’s own folder', () => {
    const dirs = engineDirs({ [ENGINE_DIR_VARIABLE]: 'some/dir' });
    expect(dirs[0]).toBe(resolve('some/dir'));
    expect(dirs[1]).toBe(resolve(import.meta.dirname, '..', '..', '.passk-engines'));
    expect(engineDirs({})).toHaveLength(1);
  });
});
