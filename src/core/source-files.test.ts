import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSourceFile, sourceFilePath } from './source-files.js';

describe('source files beside a module', () => {
  it('reads a file beside the module, or the src/ twin of a dist/ module', () => {
    const root = mkdtempSync(`${tmpdir()}/passk-src-`);
    mkdirSync(`${root}/src/a`, { recursive: true });
    mkdirSync(`${root}/dist/a`, { recursive: true });
    writeFileSync(`${root}/src/a/harness.go`, 'package main\n');
    const fromSrc = pathToFileURL(`${root}/src/a/b.ts`).href;
    const fromDist = pathToFileURL(`${root}/dist/a/b.js`).href;
    expect(readSourceFile(fromSrc, 'harness.go')).toBe('package main\n');
    expect(sourceFilePath(fromDist, 'harness.go')).toBe(`${root}/src/a/harness.go`);
    expect(() => sourceFilePath(fromDist, 'missing.go')).toThrow(/installed without its file/);
  });
});
