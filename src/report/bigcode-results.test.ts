import { describe, expect, it } from 'vitest';
import { dumpBigcodeResults, pythonFloat } from './bigcode-results.js';

describe("bigcode's evaluation_results.json text", () => {
  it("prints floats as Python's repr does", () => {
    // each pair: the number and Python 3's repr(float(x))
    const cases: [number, string][] = [
      [1, '1.0'],
      [0.5, '0.5'],
      [0.1234567890123, '0.1234567890123'],
      [1e-5, '1e-05'],
      [0.0001, '0.0001'],
      [0.00012345, '0.00012345'],
      [1e16, '1e+16'],
      [123456789012345680, '1.2345678901234568e+17'],
      [2.5e-7, '2.5e-07'],
      [0, '0.0'],
      [100, '100.0'],
    ];
    expect(cases.map(([x]) => pythonFloat(x))).toEqual(cases.map(([, repr]) => repr));
  });

  it('is json.dumps(results, indent=2): float scores and sampling, int counts, ASCII only', () => {
    const results = {
      humaneval: { 'pass@1': 1, 'pass@10': 0.25 },
      config: { temperature: 0, top_p: 0.95, n_samples: 20, model: 'modèle' },
    };
    // python3 -c 'import json; print(json.dumps({...}, indent=2))' on the same values
    expect(dumpBigcodeResults(results, 'humaneval')).toBe(
      '{\n  "humaneval": {\n    "pass@1": 1.0,\n    "pass@10": 0.25\n  },\n  "config": {\n    "temperature": 0.0,\n    "top_p": 0.95,\n    "n_samples": 20,\n    "model": "mod\\u00e8le"\n  }\n}',
    );
  });
});
