import { readFileSync } from 'node:fs';

/** passk's own version, read from package.json (the same relative path from src/ and dist/). */
export const PASSK_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
