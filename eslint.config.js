// ESLint flat config: rules that find real problems, not style (Prettier owns layout; see .prettierrc.json).
// Type-aware rules (no-floating-promises, no-misused-promises) use the TypeScript project service; on a
// 2-core machine the whole lint takes about a minute, so they stay on.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '.output/**',
      '.output-test/**',
      '.output-demo/**',
      '.wxt/**',
      '.tmp/**',
      '.cache/**',
      'node_modules/**',
      'data/**',
      'public/**',
      'demo/**',
      'examples/**',
      'eval/**',
    ],
  },
  js.configs.recommended,
  // Plain .js/.mjs files (scripts, bin, the bench's floor extension) run in Node or a page; TypeScript checks the rest.
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A promise nobody awaits loses its rejection: a failed write or send would pass silently.
      '@typescript-eslint/no-floating-promises': 'error',
      // `attributes: false`: Preact's onClick={async () => ...} is fine; a promise passed where a void callback is expected elsewhere is not.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      // `a && b()` and `c ? d() : e()` as statements are the house's short forms, not lost values.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      // The control characters in regexes are meant: ANSI escapes stripped from tool output, NUL refused in arguments.
      'no-control-regex': 'off',
    },
  },
);
