import { z } from 'zod/mini';

// zod compiles fast parsers with `new Function` when it may, and first probes whether it may.
// The production Content-Security-Policy forbids eval (script-src 'self'), so the probe is a CSP
// violation in every browser console (Lighthouse's best-practices audit flags it too). The
// console parses pages of at most 100 turmas: the interpreted parser is plenty.
z.config({ jitless: true });
