/**
 * The fake OpenAI-protocol server in its own process, so the benchmark measures the client's
 * CPU alone. Prints its base URL on stdout, then serves until killed.
 */
import { startFakeOpenAIServer } from '../test/helpers/fake-openai-server.js';

const server = await startFakeOpenAIServer({ modelName: 'bench' });
process.stdout.write(`${server.baseUrl}\n`);
