import { describe, expect, it } from 'vitest';
import { compareFiles, type FileCost } from './file-order.js';

const file = (name: string, project: string, over: Partial<FileCost> = {}) => ({
  name,
  cost: { project, duration: undefined, registryRun: false, size: 1000, ...over },
});

function order(files: ReturnType<typeof file>[]): string[] {
  return [...files].sort((a, b) => compareFiles(a.cost, b.cost)).map((f) => f.name);
}

describe('the test files order (test/setup/sequencer.ts)', () => {
  it('on a clean clone: registry-run shards, slow files, then project by project, larger first', () => {
    const files = [
      file('unit-small', 'unit', { size: 100 }),
      file('e2e-small', 'e2e', { size: 200 }),
      file('security-big', 'security', { size: 9000 }),
      file('unit-big', 'unit', { size: 8000 }),
      file('slow', 'slow', { size: 50 }),
      file('e2e-big', 'e2e', { size: 7000 }),
      file('shard', 'unit', { registryRun: true, size: 10 }),
      file('security-small', 'security', { size: 300 }),
    ];
    expect(order(files)).toEqual([
      'shard',
      'slow',
      'security-big',
      'security-small',
      'e2e-big',
      'e2e-small',
      'unit-big',
      'unit-small',
    ]);
  });

  it('timed files: the long ones first whatever their project, then each project longest first', () => {
    const files = [
      file('unit-short', 'unit', { duration: 500 }),
      file('unit-untimed', 'unit', { size: 99_999 }),
      file('e2e-long', 'e2e', { duration: 90_000 }),
      file('e2e-short', 'e2e', { duration: 3_000 }),
      file('e2e-mid', 'e2e', { duration: 20_000 }),
      file('shard', 'unit', { registryRun: true, duration: 70_000 }),
      file('slow-untimed', 'slow'),
      file('security', 'security', { duration: 1_000 }),
    ];
    expect(order(files)).toEqual([
      'slow-untimed',
      'e2e-long',
      'shard',
      'security',
      'e2e-mid',
      'e2e-short',
      'unit-short',
      'unit-untimed',
    ]);
  });
});
