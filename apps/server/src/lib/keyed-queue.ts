/**
 * Runs tasks that share a key one after another, in the order they arrived; tasks with no key in
 * common run side by side. A task with several keys waits for every earlier task holding any of them.
 * Each task is registered as its keys' newest holder synchronously, on arrival, so every task only
 * ever waits for older ones: no cycle, hence no deadlock, whatever the keys.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(keys: readonly string[], task: () => Promise<T>): Promise<T> {
    const unique = [...new Set(keys)];
    const earlier = unique.map((key) => this.tails.get(key));
    let release = () => {};
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const key of unique) this.tails.set(key, done);
    try {
      await Promise.all(earlier);
      return await task();
    } finally {
      release();
      for (const key of unique) if (this.tails.get(key) === done) this.tails.delete(key);
    }
  }

  /** Keys with a task running or waiting (for tests: nothing is kept once all are done). */
  get size(): number {
    return this.tails.size;
  }
}
