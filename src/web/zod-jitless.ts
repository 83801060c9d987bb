import type { $ZodConfig } from 'zod/v4/core';

/**
 * Imported first by the web's entry points (main.tsx, entry-server.tsx), before any module that
 * builds a schema: zod reads `jitless` as each schema is built. Without it, classic zod's object
 * parser probes `new Function('')` for a compiled fast path, and the store's
 * Content-Security-Policy (no 'unsafe-eval') reports that probe as a violation.
 *
 * This writes zod's shared config object (the one `z.config()` returns, kept on globalThis so
 * every copy of zod shares it) instead of calling `z.config()`: importing zod here would put its
 * core into the shell every first page loads (about 4 kB gzip), while the pages that build
 * schemas are lazy. zod-jitless.test.ts proves zod reads the switch from here.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: $ZodConfig };
Object.assign((zodGlobal.__zod_globalConfig ??= {}), { jitless: true });
