import { readFileSync } from 'node:fs';
import { ConfigError } from '../core/errors.js';

/** Hosts that only this machine reaches: serving there without a token is allowed. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * The bearer token: the file's first line (`tokenFile`), else `PASSK_SERVE_TOKEN`. Read here
 * and only here; never from a flag's value, which other users see in the process list.
 *
 * @throws ConfigError for an unreadable or empty token file, or an empty token
 */
export function resolveToken(
  tokenFile: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  if (tokenFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(tokenFile, 'utf8');
    } catch (error) {
      throw new ConfigError(`cannot read the token file ${tokenFile}: ${(error as Error).message}`);
    }
    return checked(text.split('\n')[0]!.trim(), `the token file ${tokenFile}`);
  }
  const fromEnv = env['PASSK_SERVE_TOKEN'];
  return fromEnv === undefined ? undefined : checked(fromEnv.trim(), 'PASSK_SERVE_TOKEN');
}

function checked(token: string, where: string): string {
  if (token.length < 16) {
    throw new ConfigError(`${where} holds a token shorter than 16 characters`, {
      hint: 'use a long random one, e.g. `openssl rand -hex 32`',
    });
  }
  return token;
}
