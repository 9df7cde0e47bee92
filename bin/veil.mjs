#!/usr/bin/env node
// `npx veil <command> [options]` from the checkout (package.json "bin"): Veil's command line,
// src/cli/main.ts, run through tsx as `npm run --silent cli -- <command>` runs it.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
