import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  ContextLengthError,
  DatasetError,
  ERROR_CODES,
  ExecutionDisabledError,
  GenerationsError,
  ModelRequestError,
  NotFoundError,
  PasskError,
  PreflightError,
  ResultsFileError,
  RetryableRequestError,
  RunNotFoundError,
  RunStoreError,
  RuntimeMissingError,
  RunWriteError,
  SandboxError,
} from './errors.js';

describe('the error table', () => {
  const errors: PasskError[] = [
    new ConfigError('x'),
    new DatasetError('x'),
    new GenerationsError('x'),
    new NotFoundError('x'),
    new ExecutionDisabledError(),
    new SandboxError('x'),
    new RuntimeMissingError('x'),
    new PreflightError('x'),
    new ModelRequestError('x'),
    new ContextLengthError('x'),
    new RetryableRequestError('x'),
    new RunStoreError('x'),
    new RunNotFoundError('x'),
    new ResultsFileError('x'),
    new RunWriteError('f', Object.assign(new Error('x'), { code: 'ENOSPC' })),
  ];

  it('gives every error class a code from the table and the exit code the table says', () => {
    for (const error of errors) {
      expect(error).toBeInstanceOf(PasskError);
      expect(error.exitCode, error.name).toBe(ERROR_CODES[error.code].exitCode);
    }
    expect(new SandboxError('x').exitCode).toBe(3);
    expect(new PreflightError('x').exitCode).toBe(4);
    expect(new RunStoreError('x').exitCode).toBe(2);
  });

  it('has a class for every code in the table', () => {
    const used = new Set(errors.map((e) => e.code));
    expect(
      Object.keys(ERROR_CODES).filter((code) => !used.has(code as PasskError['code'])),
    ).toEqual([]);
  });
});
