// Runs async work one at a time per key, so read-modify-write cycles on one file never interleave.

export class KeyedLock {
  readonly #tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const current = previous.then(work, work);
    const tail = current.catch(() => undefined);
    this.#tails.set(key, tail);
    try {
      return await current;
    } finally {
      // Drop the entry once nothing is queued behind us, so the map doesn't grow with every key ever seen.
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    }
  }
}
