/**
 * Exact uniform integers from a `RandomSource`, buffered so that `crypto.getRandomValues` is called once
 * per 1 KiB rather than once per draw.
 *
 * ```ts
 * const bits = new RandomBits(cryptoRandomSource());
 * bits.uniformInt(6); // 0..5, each with probability exactly 1/6
 * ```
 *
 * `uniformInt` uses rejection (never modulo), so every value in [0, n) has probability exactly 1/n when the
 * source's bytes are uniform: the samplers' exactness rests on this.
 */
import type { RandomSource } from '../../core/contracts';

const WORDS = 256;

export class RandomBits {
  private readonly words = new Uint32Array(WORDS);
  private readonly bytes = new Uint8Array(this.words.buffer);
  private position = WORDS;

  constructor(private readonly source: RandomSource) {}

  /** A uniform 32-bit unsigned integer. */
  next32(): number {
    if (this.position === WORDS) {
      this.source.fill(this.bytes);
      this.position = 0;
    }
    return this.words[this.position++]!;
  }

  /** A uniform integer in [0, n), for a safe integer n ≥ 1. */
  uniformInt(n: number): number {
    if (!Number.isSafeInteger(n)) throw new RangeError(`uniformInt needs a safe integer, not ${n}`);
    if (n <= 1) {
      if (n === 1) return 0;
      throw new RangeError(`uniformInt needs n ≥ 1, not ${n}`);
    }
    if (n <= 2 ** 32) {
      // Smallest all-ones mask covering n - 1; reject draws ≥ n (acceptance ≥ 1/2).
      const mask = n === 2 ** 32 ? 0xffffffff : 2 ** (32 - Math.clz32(n - 1)) - 1;
      for (;;) {
        const v = (this.next32() & mask) >>> 0;
        if (v < n) return v;
      }
    }
    const high = Math.floor((n - 1) / 2 ** 32); // ≥ 1, < 2^21
    const highMask = 2 ** (32 - Math.clz32(high)) - 1;
    for (;;) {
      const v = ((this.next32() & highMask) >>> 0) * 2 ** 32 + this.next32();
      if (v < n) return v;
    }
  }
}
