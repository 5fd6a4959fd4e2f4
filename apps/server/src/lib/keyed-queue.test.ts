import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A task that records when it starts and ends, and ends when told to. */
function gate(log: string[], name: string) {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    open,
    task: async () => {
      log.push(`${name}+`);
      await opened;
      log.push(`${name}-`);
      return name;
    },
  };
}

describe('KeyedQueue', () => {
  it('runs tasks sharing a key one after another, in arrival order, and others side by side', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    const c = gate(log, 'c');
    const runs = [queue.run(['k'], a.task), queue.run(['k'], b.task), queue.run(['other'], c.task)];
    await tick();
    expect(log).toEqual(['a+', 'c+']);
    a.open();
    await tick();
    expect(log).toEqual(['a+', 'c+', 'a-', 'b+']);
    b.open();
    c.open();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c']);
    expect(queue.size).toBe(0);
  });

  it('never deadlocks on overlapping keys, and a failure frees the keys', async () => {
    const queue = new KeyedQueue();
    const order: string[] = [];
    const runs = [
      queue.run(['x', 'y'], async () => {
        order.push('xy');
        throw new Error('refusé');
      }),
      queue.run(['y', 'x'], async () => order.push('yx')),
      queue.run(['y'], async () => order.push('y')),
      queue.run(['x'], async () => order.push('x')),
    ];
    const results = await Promise.allSettled(runs);
    expect(results[0]?.status).toBe('rejected');
    expect(order).toEqual(['xy', 'yx', 'y', 'x']);
    expect(queue.size).toBe(0);
  });
});
