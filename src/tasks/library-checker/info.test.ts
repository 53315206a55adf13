import { describe, expect, it } from 'vitest';
import { DatasetError } from '../../core/errors.js';
import { isProblemInfo, parseInfo } from './info.js';

const INFO = `
title = 'A + B'
timelimit = 2.0
[[tests]]
    name = "example.in"
    number = 2
[[tests]]
    name = "random.cpp"
    number = 11
[[solutions]]
    name = "wa.cpp"
    expect = "WA"
    allow_tle = true
[params]
    A_MAX = 1_000_000_000
    HUGE = 100_000_000_000_000_000_000
`;

describe('parseInfo', () => {
  it('reads the tests, solutions and params (a huge integer keeps its digits)', () => {
    const info = parseInfo('sample/aplusb/info.toml', INFO);
    expect(info.id).toBe('sample/aplusb');
    expect(info.timeLimitS).toBe(2);
    expect(info.solutions).toEqual([{ name: 'wa.cpp', expect: 'WA', allow_tle: true }]);
    expect(info.params['A_MAX']).toBe(1000000000);
    expect(String(info.params['HUGE'])).toBe('100000000000000000000');
    expect(info.tests).toEqual([
      { name: 'example.in', number: 2 },
      { name: 'random.cpp', number: 11 },
    ]);
  });

  it('names the file and field of a bad info.toml', () => {
    expect(() =>
      parseInfo('x/y/info.toml', 'timelimit = "soon"\n[[tests]]\nname="a.in"\nnumber=1'),
    ).toThrow(/x\/y\/info.toml: field 'timelimit'/);
    expect(() => parseInfo('x/y/info.toml', 'timelimit = ')).toThrow(DatasetError);
  });

  it("takes problems' info.toml only, not upstream's own test problems", () => {
    expect(isProblemInfo('sample/aplusb/info.toml')).toBe(true);
    expect(isProblemInfo('test/allow_tle/info.toml')).toBe(false);
    expect(isProblemInfo('sample/aplusb/sol/info.toml')).toBe(false);
  });
});
