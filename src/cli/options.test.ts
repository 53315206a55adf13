import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../index.js';
import { evaluationOptions, parseEvaluationFlags } from './options.js';

const infilling = 'humaneval-infilling-single-line';
/** What commander fills in when the flags are not given. */
const DEFAULTS = { limitStart: '0' };

describe('--task-arg on run / evaluate', () => {
  it('selects the task its family maps the parameter to, as --fim-format does', () => {
    const viaArg = parseEvaluationFlags({
      ...DEFAULTS,
      task: infilling,
      taskArg: ['fim_format=codellama'],
    });
    const viaFlag = parseEvaluationFlags({ ...DEFAULTS, task: infilling, fimFormat: 'codellama' });
    expect(viaArg.task).toBe(`${infilling}:codellama`);
    expect(viaFlag.task).toBe(viaArg.task);
  });

  it('rejects an unknown key or a bad value with one ConfigError line naming the keys', () => {
    for (const taskArg of [['format=codellama'], ['fim_format=nope'], ['fim_format']]) {
      const parse = () => parseEvaluationFlags({ ...DEFAULTS, task: infilling, taskArg });
      expect(parse).toThrow(ConfigError);
    }
    expect(() =>
      parseEvaluationFlags({ ...DEFAULTS, task: infilling, taskArg: ['format=x'] }),
    ).toThrow(/^bad --task-arg for humaneval-infilling-single-line: .*; allowed keys: fim_format$/);
  });
});

describe('--no-cache and --no-artifact-cache', () => {
  afterEach(() => vi.unstubAllEnvs());
  const options = (flags: Record<string, unknown>) =>
    evaluationOptions(parseEvaluationFlags({ ...DEFAULTS, task: 'humaneval', ...flags }));

  it('--no-cache turns off verdict reuse only; the artifact cache stays where --cache-dir puts it', () => {
    vi.stubEnv('PASSK_ARTIFACTS_DIR', '');
    expect(options({ cache: false })).toMatchObject({ verdictCache: false });
    expect(options({ cache: false })).not.toHaveProperty('artifactsDir');
    expect(options({ cache: false, cacheDir: '/c' })).toMatchObject({
      verdictCache: false,
      artifactsDir: '/c/verdicts/artifacts',
    });
    vi.stubEnv('PASSK_ARTIFACTS_DIR', '/a');
    expect(options({ cache: false, cacheDir: '/c' })).toMatchObject({ artifactsDir: '/a' });
  });

  it('--no-artifact-cache turns off the compiled artifacts and toolchain caches, not the verdicts', () => {
    expect(options({ artifactCache: false })).toMatchObject({ artifactsDir: false });
    expect(options({ artifactCache: false })).not.toHaveProperty('verdictCache');
    expect(options({ artifactCache: false, cache: false })).toMatchObject({
      verdictCache: false,
      artifactsDir: false,
    });
  });
});
