import { defineConfig } from 'vitest/config';

// End-to-end tests: the built test variant of Veil (.output-test/, made by scripts/build-test.mjs) in
// Debian's Chromium and Firefox ESR. One file at a time: browsers are heavy and the machine has 2 cores.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A browser on a busy 2-core machine can take more than a second to answer: poll for up to 15 s.
    expect: { poll: { timeout: 15_000 } },
  },
});
