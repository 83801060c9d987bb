import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import type { Db } from './client';
import { categories } from './schema';

/** The demo catalogue loads on first start: an empty database, or a data folder without its media. */
export async function needsDemoCatalogue(db: Db, mediaDir: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(categories);
  return (row?.n ?? 0) === 0 || !existsSync(join(mediaDir, 'placeholder.svg'));
}
