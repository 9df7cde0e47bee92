import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/dom/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/unit/setup.ts'],
    // Many tests draw tens of thousands of samples for chi-square and audit checks; on a loaded 2-core CI
    // machine they can take several seconds. The timeout only catches hangs: speed is for `npm run bench`.
    testTimeout: 60_000,
    expect: { poll: { timeout: 10_000 } },
  },
});
