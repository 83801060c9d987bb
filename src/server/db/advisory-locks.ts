/**
 * The first key of every advisory lock the store takes ('LM'), so its locks never meet another
 * application's on a shared PostgreSQL server. The second key names the lock.
 */
export const ADVISORY_LOCK_CLASS = 0x4c4d;
