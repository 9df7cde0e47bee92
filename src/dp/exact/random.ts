/**
 * Random sources for the samplers (DESIGN.md "Exact sampling").
 *
 * ```ts
 * const live = cryptoRandomSource();     // every real release
 * const eval = seededRandomSource(13);   // tests and `--seed` only: reproducible, NOT private
 * ```
 *
 * The privacy guarantee assumes fresh, unpredictable randomness: only `cryptoRandomSource` provides it.
 * A seeded source makes runs reproducible for evaluation; anyone who knows the seed can replay the draws.
 */
import type { RandomSource } from '../../core/contracts';

/** `crypto.getRandomValues` (Web Crypto: the browser, and Node ≥ 20 as `globalThis.crypto`). */
export function cryptoRandomSource(): RandomSource {
  const crypto = globalThis.crypto;
  if (!crypto || typeof crypto.getRandomValues !== 'function') {
    throw new Error('no crypto.getRandomValues in this runtime: refusing to sample without secure randomness');
  }
  return {
    fill(bytes: Uint8Array): void {
      // getRandomValues refuses more than 65,536 bytes per call.
      for (let offset = 0; offset < bytes.length; offset += 65536) {
        crypto.getRandomValues(bytes.subarray(offset, Math.min(bytes.length, offset + 65536)));
      }
    },
  };
}

/**
 * A deterministic source for tests and evaluation: xoshiro128** seeded through SplitMix32 from a
 * non-negative safe-integer seed. Statistically strong enough for chi-square tests of the samplers;
 * not cryptographic, never used for a release a person sends.
 */
export function seededRandomSource(seed: number): RandomSource {
  if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`seed must be a non-negative safe integer, not ${seed}`);
  let sm = (seed % 2 ** 32) ^ Math.imul(Math.floor(seed / 2 ** 32), 0x9e3779b9);
  const splitmix32 = (): number => {
    sm = (sm + 0x9e3779b9) | 0;
    let z = sm;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix32();
  let b = splitmix32();
  let c = splitmix32();
  let d = splitmix32();
  if ((a | b | c | d) === 0) a = 1; // the all-zero state is a fixed point
  const next = (): number => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result;
  };
  return {
    fill(bytes: Uint8Array): void {
      let i = 0;
      for (; i + 4 <= bytes.length; i += 4) {
        const w = next();
        bytes[i] = w & 0xff;
        bytes[i + 1] = (w >>> 8) & 0xff;
        bytes[i + 2] = (w >>> 16) & 0xff;
        bytes[i + 3] = w >>> 24;
      }
      if (i < bytes.length) {
        let w = next();
        for (; i < bytes.length; i++, w >>>= 8) bytes[i] = w & 0xff;
      }
    },
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
