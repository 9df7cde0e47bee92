/** Build-time constants (wxt.config.ts `define`). */
interface ImportMetaEnv {
  /** True only in the end-to-end test build (VEIL_TEST=1). */
  readonly VEIL_TEST?: boolean;
}
