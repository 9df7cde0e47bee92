/**
 * Measured, not promised: how often a withheld fact comes out right, as "Unspecified", or as a wrong
 * category, per ε, mechanism and variant, on eval/holdout.jsonl (30 profiles of 3–5 withheld facts, all
 * released; exact probabilities, nothing sampled). Written from `npm run eval:release -- --set
 * eval/holdout.jsonl --json`; run it again when scores or the variant change.
 * Each entry: [right %, unspecified %, wrong %].
 */
import type { Mechanism } from '../core/settings';
import type { Variant } from '../dp/utility';

export type MeasuredRates = readonly [right: number, unspecified: number, wrong: number];

export const MEASURED: Readonly<Record<`${Mechanism}-${Variant}`, Readonly<Record<number, MeasuredRates>>>> = {
  'slot-paper': { 1: [10.6, 10.1, 79.2], 2: [11.0, 9.9, 79.1], 4: [11.6, 9.6, 78.8], 8: [13.0, 8.8, 78.1], 16: [16.3, 7.5, 76.2], 32: [24.4, 5.2, 70.4], 64: [44.0, 2.2, 53.8], 128: [72.9, 0.3, 26.8], 256: [90.0, 0.0, 10.0], 512: [94.9, 0.0, 5.1], 1024: [96.2, 0.0, 3.8], 2048: [96.8, 0.0, 3.2], 4096: [97.2, 0.0, 2.8], 8192: [97.6, 0.0, 2.4] },
  'slot-veil': { 1: [3.5, 74.8, 21.7], 2: [3.9, 74.6, 21.6], 4: [4.9, 73.9, 21.2], 8: [8.0, 71.7, 20.3], 16: [18.9, 63.4, 17.7], 32: [55.7, 34.4, 9.9], 64: [92.2, 5.3, 2.5], 128: [95.7, 2.4, 1.9], 256: [96.1, 2.0, 1.8], 512: [97.3, 0.9, 1.8], 1024: [98.1, 0.1, 1.8], 2048: [98.2, 0.0, 1.8], 4096: [98.2, 0.0, 1.8], 8192: [98.2, 0.0, 1.8] },
  'block-paper': { 1: [10.8, 10.6, 78.7], 2: [11.1, 10.4, 78.6], 4: [11.7, 10.0, 78.3], 8: [12.9, 9.3, 77.7], 16: [15.8, 8.0, 76.1], 32: [23.0, 5.8, 71.2], 64: [40.4, 2.7, 57.0], 128: [68.6, 0.4, 31.0], 256: [88.6, 0.0, 11.4], 512: [94.5, 0.0, 5.5], 1024: [96.0, 0.0, 4.0], 2048: [96.4, 0.0, 3.6], 4096: [96.7, 0.0, 3.3], 8192: [97.1, 0.0, 2.9] },
  'block-veil': { 1: [3.5, 75.0, 21.5], 2: [3.9, 74.8, 21.4], 4: [4.8, 74.1, 21.0], 8: [7.6, 72.2, 20.2], 16: [16.6, 65.4, 18.0], 32: [47.6, 41.2, 11.1], 64: [89.0, 8.1, 2.9], 128: [95.4, 2.7, 1.9], 256: [95.8, 2.3, 1.9], 512: [96.8, 1.4, 1.8], 1024: [97.9, 0.3, 1.8], 2048: [98.2, 0.0, 1.8], 4096: [98.2, 0.0, 1.8], 8192: [98.2, 0.0, 1.8] },
};
