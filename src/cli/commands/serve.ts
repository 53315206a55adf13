import type { Command } from 'commander';
import { ConfigError, defaultDataDir, startServer } from '../../index.js';
import type { StopSignals } from '../stop-signals.js';

interface ServeFlags {
  host: string;
  port: string;
  tokenFile?: string;
  allowCodeExecution?: boolean;
  workers?: string;
  concurrency?: string;
  queueLimit: string;
  maxBodyMb: string;
  requestTimeout: string;
  judge: string;
  sandbox?: string;
  dataDir?: string;
  offline?: boolean;
  cache?: boolean;
  artifactCache?: boolean;
}

/**
 * `passk serve`: startServer over flags. Runs until SIGTERM or Ctrl-C, then drains (new requests
 * get 503, accepted ones are answered) and exits 0.
 */
export function registerServe(program: Command, stop: StopSignals): void {
  program
    .command('serve')
    .description('run the sandbox as an HTTP reward service: /judge, /get_reward, /run_code')
    .option('--host <address>', 'address to listen on; not loopback needs a token', '127.0.0.1')
    .option('--port <n>', 'port to listen on; 0 picks a free one', '8080')
    .option(
      '--token-file <file>',
      'bearer token: first line of this file (else env PASSK_SERVE_TOKEN)',
    )
    .option('--allow-code-execution', 'required: the service runs untrusted code in the sandbox')
    .option(
      '--workers <n>',
      'sandbox slots: programs run at once (default: 2 per core for plain Python, 1 per core for other languages)',
    )
    .option('--concurrency <n>', 'requests executing at once (default: --workers)')
    .option('--queue-limit <n>', 'requests waiting at most; more get 429', '256')
    .option('--max-body-mb <n>', 'largest request body in MiB; larger get 413', '16')
    .option('--request-timeout <s>', 'seconds from arrival to answer; later gets 504', '300')
    .option('--judge <placement>', 'outside (default) or in-process, as for evaluate', 'outside')
    .option('--sandbox <name>', 'isolation backend: bwrap (default), process, subprocess')
    .option('--data-dir <dir>', 'local folder with benchmark files (env PASSK_DATA_DIR)')
    .option('--offline', 'never download; use local files and the cache only')
    .option('--no-cache', 'run every program even if judged before (no verdict cache)')
    .option(
      '--no-artifact-cache',
      'compile every program (no compiled-artifact or toolchain caches)',
    )
    .action(async (flags: ServeFlags) => {
      if (flags.judge !== 'outside' && flags.judge !== 'in-process') {
        throw new ConfigError(`--judge must be outside or in-process, not ${flags.judge}`);
      }
      const dataDir = flags.dataDir ?? defaultDataDir();
      const server = await startServer({
        allowCodeExecution: flags.allowCodeExecution === true,
        host: flags.host,
        port: whole('--port', flags.port, 0),
        ...(flags.tokenFile === undefined ? {} : { tokenFile: flags.tokenFile }),
        ...(flags.workers === undefined ? {} : { workers: whole('--workers', flags.workers) }),
        ...(flags.concurrency === undefined
          ? {}
          : { concurrency: whole('--concurrency', flags.concurrency) }),
        queueLimit: whole('--queue-limit', flags.queueLimit, 0),
        maxBodyBytes: whole('--max-body-mb', flags.maxBodyMb) * 2 ** 20,
        requestTimeoutMs: whole('--request-timeout', flags.requestTimeout) * 1000,
        judge: flags.judge,
        ...(flags.sandbox === undefined ? {} : { sandbox: flags.sandbox }),
        ...(flags.cache === false ? { verdictCache: false } : {}),
        ...(flags.artifactCache === false ? { artifactsDir: false } : {}),
        dataset: {
          ...(dataDir === undefined ? {} : { dataDir }),
          ...(flags.offline ? { offline: true } : {}),
        },
      });
      process.stdout.write(`passk serve: listening on ${server.url}\n`);
      await stopped(stop);
      process.stderr.write('passk serve: draining (new requests get 503)\n');
      await server.close();
      process.stderr.write('passk serve: drained, exiting\n');
    });
}

/** Resolves at SIGTERM or the first Ctrl-C. */
function stopped(stop: StopSignals): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      process.off('SIGTERM', done);
      resolve();
    };
    process.on('SIGTERM', done);
    stop.drain.addEventListener('abort', done, { once: true });
  });
}

function whole(flag: string, raw: string, min = 1): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min) {
    throw new ConfigError(`${flag} must be a whole number of at least ${min}`);
  }
  return value;
}
