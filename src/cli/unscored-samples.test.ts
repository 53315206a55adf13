import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportUnscored } from './unscored-samples.js';

const commands = { requests: 'passk run --resume D', judging: 'the same command' };

function capture(run: () => void): string {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return lines.join('');
}

describe('reportUnscored', () => {
  afterEach(() => {
    process.exitCode = undefined;
  });

  it('makes samples the sandbox could not judge an incomplete run: one line, exit 1', () => {
    const text = capture(() => reportUnscored({ requestFailed: 0, unjudged: 2 }, commands));
    expect(text).toBe(
      'passk: 2 samples are not judged (the sandbox failed after a retry); the same command completes them\n',
    );
    expect(process.exitCode).toBe(1);
  });

  it('says nothing for a complete run and keeps an exit code already set', () => {
    expect(capture(() => reportUnscored({ requestFailed: 0, unjudged: 0 }, commands))).toBe('');
    expect(process.exitCode).toBeUndefined();
    process.exitCode = 130;
    capture(() => reportUnscored({ requestFailed: 1, unjudged: 0 }, commands));
    expect(process.exitCode).toBe(130);
  });
});
