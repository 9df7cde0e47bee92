/** Summary of timing samples for the browser benches: median, 95th percentile, range. */
export function stats(samples: number[]): { median: number; p95: number; min: number; max: number } {
  const s = [...samples].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, p95: s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)]!, min: s[0]!, max: s.at(-1)! };
}
