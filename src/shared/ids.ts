import { z } from 'zod';

/**
 * The store's one rule for an id: a UUID, as the database makes them. The routes' path
 * parameters check it (uuidParam, server/http/router.ts); code that meets an id elsewhere (a
 * search box, a page's address, an upload's name) asks isUuid before it queries by one.
 */
const uuid = z.uuid();

export const isUuid = (value: string) => uuid.safeParse(value).success;
