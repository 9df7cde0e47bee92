/**
 * Import first in every extension entrypoint. Extension pages and workers forbid `eval`; zod would probe
 * `new Function` once, which the CSP reports as a violation even though zod catches the error.
 */
import { z } from 'zod';

z.config({ jitless: true });
