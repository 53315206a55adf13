/** `passk serve`: the executor as an authenticated HTTP service (docs/serve.md). */

export { RUN_CODE_LANGUAGES } from './run-code.js';
export { type PasskServer, type ServeOptions, startServer } from './server.js';
export { resolveToken } from './token.js';
