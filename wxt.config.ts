import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';

// See https://wxt.dev/api/config.html
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  publicDir: 'public',
  vite: () => ({ plugins: [preact()] }),
  manifest: {
    name: 'Veil',
    description: 'Personalize what you ask LLM chat sites without handing them the facts you keep to yourself.',
    permissions: ['storage'],
  },
});
