/** A minute: as long as the catalogue's answers may be kept by any cache (public-cache.ts). */
const TTL_MS = 60_000;
/** Enough for every page a busy store serves often; the least recently used go first. */
const MAX_ENTRIES = 2_000;

interface Entry<T> {
  value: T;
  expiresAt: number;
}

/**
 * Rendered pages by URL, for a short time, in least-recently-used order. Requests for a page
 * that is being rendered wait for that rendering instead of starting another.
 */
export class RenderedPageCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly pending = new Map<string, Promise<T>>();
  /** Counts clear()s: a rendering begun before one is not kept. */
  private generation = 0;

  constructor(
    private readonly ttlMs = TTL_MS,
    private readonly maxEntries = MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, make: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value;
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const made = make().finally(() => this.pending.delete(key));
    this.pending.set(key, made);
    const value = await made;
    // A page rendered before a clear() shows the catalogue as it was: it is not kept.
    if (generation === this.generation) this.store(key, value);
    return value;
  }

  /** Forgets every page (the catalogue changed). */
  clear() {
    this.entries.clear();
    this.pending.clear();
    this.generation++;
  }

  get size() {
    return this.entries.size;
  }

  private store(key: string, value: T) {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
