import { describe, expect, it, vi } from 'vitest';
import { requireTaskData } from '../../../test/helpers/data.js';
import { loadDataset } from '../../datasets/index.js';
import { customFormat, FIM_FORMATS, humanEvalInfilling } from './task.js';

describe('HumanEval infilling FIM formats', () => {
  it("lays out prefix and suffix with each family's sentinels", () => {
    const layout = (name: string) => FIM_FORMATS[name]!.build('P', 'S');
    expect(layout('starcoder')).toBe('<fim_prefix>P<fim_suffix>S<fim_middle>');
    expect(layout('santacoder')).toBe('<fim-prefix>P<fim-suffix>S<fim-middle>');
    expect(layout('codellama')).toBe('<PRE> P <SUF>S <MID>');
    expect(layout('deepseek')).toBe('<｜fim▁begin｜>P<｜fim▁hole｜>S<｜fim▁end｜>');
    expect(layout('qwen')).toBe('<|fim_prefix|>P<|fim_suffix|>S<|fim_middle|>');
  });

  it('reads a custom template and its stops from the environment, and refuses a bad one', () => {
    const custom = customFormat({
      PASSK_FIM_TEMPLATE: '[{suffix}][{prefix}]',
      PASSK_FIM_STOP: '<e>|<f>',
    });
    expect(custom.build('$&p', 's')).toBe('[s][$&p]');
    expect(custom.stops).toEqual(['<e>', '<f>']);
    expect(() => customFormat({ PASSK_FIM_TEMPLATE: '{prefix} only' })).toThrow(
      /PASSK_FIM_TEMPLATE/,
    );
    expect(() => humanEvalInfilling('single-line', 'nope')).toThrow(/unknown --fim-format/);
  });

  it('candidate = prefix + middle cut at an end token; program = candidate + suffix + check', async () => {
    vi.stubEnv('PASSK_FIM_TEMPLATE', '<A>{prefix}<B>{suffix}<C>');
    const task = humanEvalInfilling('random-span-light', 'custom');
    vi.unstubAllEnvs();
    expect(task.name).toBe('humaneval-infilling-random-span-light:custom');
    const loaded = await loadDataset(task.dataset, {
      dataDir: requireTaskData(task),
      offline: true,
    });
    const [first] = task.problems(loaded.rows, loaded.file);
    expect(first!.prompt.startsWith('<A>')).toBe(true);
    const suffix = String(first!.meta['suffix']);
    expect(first!.prompt.endsWith(`<B>${suffix}<C>`)).toBe(true);
    const codellama = humanEvalInfilling('random-span-light', 'codellama');
    const p = codellama.problems(loaded.rows, loaded.file)[0]!;
    const candidate = codellama.postprocess(p, 'MIDDLE<EOT>junk');
    expect(candidate).toBe(`${p.datasetPrompt}MIDDLE`);
    expect(
      codellama.program(p, candidate).source.startsWith(`${p.datasetPrompt}MIDDLE${suffix}\n`),
    ).toBe(true);
  });
});
