import { readSourceFile } from '../../core/source-files.js';

/**
 * The stdin/stdout driver (driver.py, beside this file): the Python program that runs a
 * candidate once per test and reports each test's output on the result channel. stdioProgram
 * puts its config line before it.
 */
export const STDIO_DRIVER_PY = `\n${readSourceFile(import.meta.url, 'driver.py')}`;

/** Languages the driver can run (driver.py's _COMMANDS). */
export const STDIO_LANGUAGES = ['python', 'cpp', 'javascript'] as const;
