import { fileURLToPath } from 'node:url';

/**
 * The folder of drizzle-kit's migrations (the SQL files and meta/_journal.json), found from this
 * module. Run from the source it is the folder beside this file; the compiled server
 * (vite.server.config.ts) copies it to dist/server/migrations, beside the chunk this module is
 * bundled into, so the same relative URL finds it there. Every reader of the migrations goes
 * through here, so no other module's place in the bundle matters.
 */
export const migrationsUrl = new URL('./migrations/', import.meta.url);

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
