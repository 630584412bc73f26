/**
 * Serialized GET answers, valid while the database is unchanged: each entry
 * remembers the store version it was built at (see Database.version), so any
 * write — by this process or another one on the same file — invalidates it.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { version: string; body: string }>();

  constructor(private readonly maxEntries: number) {}

  /** The stored answer when it is still valid, else undefined. */
  peek(key: string, version: string): string | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.version !== version) return undefined;
    // Re-insert to keep the map in least-recently-used order.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.body;
  }

  async get(key: string, version: string, build: () => Promise<string>): Promise<string> {
    const hit = this.peek(key, version);
    if (hit !== undefined) return hit;
    const body = await build();
    this.entries.delete(key);
    this.entries.set(key, { version, body });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return body;
  }
}
