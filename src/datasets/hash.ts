import { createHash } from 'node:crypto';

/** sha256 of some bytes, lower-case hex: what LoadedDataset.sha256 and the cache sidecars hold. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
