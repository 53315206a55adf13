import { describe, expect, it } from 'vitest';
import { cutAtStop, earliestStop, StreamingStopDetector } from './stop.js';

describe('cutAtStop', () => {
  it('cuts at the earliest of several stop sequences, not the first listed', () => {
    const text = '    return 1\nprint(x)\ndef g(): pass';
    expect(cutAtStop(text, ['\ndef', '\nprint'])).toBe('    return 1');
  });

  it('leaves text without a stop sequence unchanged', () => {
    expect(cutAtStop('    return a + b\n', ['\ndef', '\nclass'])).toBe('    return a + b\n');
  });

  it('ignores empty stop strings instead of cutting everything', () => {
    expect(earliestStop('abc', ['', 'c'])).toBe(2);
  });

  it('returns empty text when the generation starts with a stop sequence', () => {
    expect(cutAtStop('\ndef other(): pass', ['\ndef'])).toBe('');
  });
});

describe('StreamingStopDetector', () => {
  it('finds a stop sequence split across chunks', () => {
    const detector = new StreamingStopDetector(['\ndef', '\nclass']);
    expect(detector.push('    return 1\n')).toBeUndefined();
    expect(detector.push('de')).toBeUndefined();
    expect(detector.push('f g():')).toBe('    return 1');
  });

  it('agrees with cutAtStop on every chunking of a text', () => {
    const text = 'x = 1\n# note\nif True:\n    pass\nprint(1)';
    const stops = ['\nprint', '\nif', '\n#'];
    for (let size = 1; size <= text.length; size++) {
      const detector = new StreamingStopDetector(stops);
      let cut: string | undefined;
      for (let i = 0; i < text.length && cut === undefined; i += size) {
        cut = detector.push(text.slice(i, i + size));
      }
      expect(cut).toBe(cutAtStop(text, stops));
    }
  });
});
