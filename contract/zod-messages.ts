/**
 * English messages for the few issues the contract's schemas do not word themselves ("expected
 * number, received string"): zod/mini ships with none ("Invalid input"). A setting of zod's, so
 * each program makes it once: the server's API and the test setups at start, the console with
 * the first answer that breaks the contract (src/api/client.ts), off its first screen. It applies
 * when a schema parses, whatever was imported first.
 */
import { z } from 'zod/mini';
import { en } from 'zod/locales';

export function configureZod(): void {
  z.config(en());
}
