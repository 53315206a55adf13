import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError } from '../core/errors.js';
import { createExecutor, runPreflight } from '../execution/index.js';
import { DEFAULTS, type ServeOptions } from './options.js';
import { Service } from './service.js';
import { isLoopback, resolveToken } from './token.js';

export type { ServeOptions } from './options.js';

export interface PasskServer {
  /** e.g. http://127.0.0.1:8080 */
  url: string;
  /** Stops taking requests (503), answers every accepted one, resolves when none is left. */
  drain(): Promise<void>;
  /** Drains, then closes the port and the executor. */
  close(): Promise<void>;
}

const PREFLIGHT_LIMITS = { timeoutMs: 10_000, memoryBytes: 2 * 1024 ** 3, outputBytes: 1 << 20 };

/**
 * Starts `passk serve`: the executor behind HTTP (POST /judge, /get_reward, /run_code; GET
 * /healthz, /metrics). See docs/serve.md.
 *
 * @throws ExecutionDisabledError without allowCodeExecution; ConfigError for a non-loopback host
 *   without a token, or a bad token file; SandboxError when the sandbox cannot run here;
 *   PreflightError when a canary misbehaves
 */
export async function startServer(options: ServeOptions): Promise<PasskServer> {
  const host = options.host ?? DEFAULTS.host;
  const token = options.token ?? resolveToken(options.tokenFile);
  if (token === undefined && !isLoopback(host)) {
    throw new ConfigError(`refusing to serve on ${host} without a token`, {
      hint: 'set PASSK_SERVE_TOKEN or give --token-file, or serve on 127.0.0.1',
    });
  }
  const executor = await createExecutor({
    allowCodeExecution: options.allowCodeExecution,
    ...(options.workers === undefined ? {} : { workers: options.workers }),
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
    ...(options.verdictCache === undefined ? {} : { cacheDir: options.verdictCache }),
    ...(options.artifactsDir === undefined ? {} : { artifactsDir: options.artifactsDir }),
  });
  if (options.preflight !== false) {
    try {
      await runPreflight(executor, {
        language: 'python',
        references: [],
        limits: PREFLIGHT_LIMITS,
      });
    } catch (error) {
      await executor.close();
      throw error;
    }
  }
  const service = new Service(executor, options, token);
  const server = createServer((req, res) => void service.handle(req, res));
  // Receiving a request counts against the same limit: a client that sends its body slowly
  // does not hold a connection for ever.
  server.requestTimeout = options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? DEFAULTS.port, host, () => resolve());
    });
  } catch (error) {
    await executor.close();
    throw new ConfigError(
      `cannot listen on ${host}:${options.port ?? DEFAULTS.port}: ${(error as Error).message}`,
    );
  }
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shown}:${address.port}`,
    drain: () => service.drain(),
    close: () => {
      closing ??= (async () => {
        await service.drain();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await executor.close();
      })();
      return closing;
    },
  };
}
