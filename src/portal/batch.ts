// A request's batch of keys for one statement (in the manner of DataLoader): the resolvers of a
// page's nodes each ask for their key, and the keys asked for before the next turn of the event
// loop are read together, once. Nodes of several pages (aliases) that resolve in the same turn
// share the statement too. A batch lives as long as its request.

export class Batch<K, V> {
  private pending: {
    key: K;
    resolve: (value: V | undefined) => void;
    reject: (err: unknown) => void;
  }[] = [];

  /** `load(keys)` reads every key at once and returns what it found, by `idOf(key)`. */
  constructor(
    private readonly load: (keys: K[]) => Promise<Map<number, V>>,
    private readonly idOf: (key: K) => number,
  ) {}

  get(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => this.dispatch());
      this.pending.push({ key, resolve, reject });
    });
  }

  private dispatch(): void {
    const waiting = this.pending;
    this.pending = [];
    const keys = [...new Map(waiting.map((w) => [this.idOf(w.key), w.key])).values()];
    this.load(keys).then(
      (found) => {
        for (const w of waiting) w.resolve(found.get(this.idOf(w.key)));
      },
      (err: unknown) => {
        for (const w of waiting) w.reject(err);
      },
    );
  }
}
