import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../core/errors.js';
import { applyTaskParams, parseTaskArgs } from './task-args.js';

describe('task parameters (--task-arg)', () => {
  it('parses key=value pairs, keeping any = in the value', () => {
    expect(parseTaskArgs(['fim_format=codellama', 'x=a=b'])).toEqual({
      fim_format: 'codellama',
      x: 'a=b',
    });
    expect(() => parseTaskArgs(['fim_format'])).toThrow(ConfigError);
  });

  it('maps fim_format onto the NAME:FORMAT task names', () => {
    const single = 'humaneval-infilling-single-line';
    expect(applyTaskParams(single, { fim_format: 'codellama' })).toBe(`${single}:codellama`);
    expect(applyTaskParams(`${single}:qwen`, { fim_format: 'starcoder' })).toBe(single);
    expect(applyTaskParams('ds1000-insertion', { fim_format: 'deepseek' })).toBe(
      'ds1000-insertion:deepseek',
    );
    expect(applyTaskParams('humaneval', {})).toBe('humaneval');
  });

  it('names the allowed keys for an unknown key or a bad value', () => {
    const single = 'humaneval-infilling-single-line';
    expect(() => applyTaskParams(single, { fim: 'qwen' })).toThrow(/allowed keys: fim_format/);
    expect(() => applyTaskParams(single, { fim_format: 'nope' })).toThrow(
      /'fim_format'.*allowed keys: fim_format/,
    );
    expect(() => applyTaskParams('humaneval', { fim_format: 'qwen' })).toThrow(
      /takes no parameters/,
    );
    expect(() => applyTaskParams('ds1000', { fim_format: 'qwen' })).toThrow(/selects no task/);
  });
});
