/** Build-time constants (wxt.config.ts `define`). */
interface ImportMetaEnv {
  /** True only in the end-to-end test build (VEIL_TEST=1). */
  readonly VEIL_TEST?: boolean;
  /** True in builds that act on the local Demo Chat page (`npm start`, `npm run build:demo`, the test build). */
  readonly VEIL_DEMO?: boolean;
}
