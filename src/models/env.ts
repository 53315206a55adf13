/**
 * The one place passk's model layer reads the environment. Documented beside each option:
 * the CLI and library callers pass values explicitly; these are only the defaults.
 */

/**
 * API key for OpenAI-protocol servers: `PASSK_API_KEY`, else `OPENAI_API_KEY`, else none
 * (local servers such as vLLM, llama.cpp and Ollama need no key). PASSK_API_KEY wins so that a
 * user can point passk at a local server without unsetting their OpenAI key.
 */
export function apiKeyFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const key = env['PASSK_API_KEY'] || env['OPENAI_API_KEY'];
  return key === undefined || key === '' ? undefined : key;
}
