/**
 * LIKE and ILIKE patterns from what someone typed: its own `%`, `_` and `\` are taken literally
 * (escaped with PostgreSQL's default escape character), so a search for "carol_" finds just that.
 */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Matches text that starts with `text`. */
export const startingWith = (text: string) => `${literal(text)}%`;

/** Matches text that holds `text` anywhere. */
export const containing = (text: string) => `%${literal(text)}%`;
