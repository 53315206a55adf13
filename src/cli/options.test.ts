import { describe, expect, it } from 'vitest';
import { ConfigError } from '../index.js';
import { parseEvaluationFlags } from './options.js';

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
