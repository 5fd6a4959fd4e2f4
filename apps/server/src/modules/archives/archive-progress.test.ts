import { describe, expect, it } from 'vitest';
import { ArchiveProgress } from './archive-progress.js';

describe('ArchiveProgress', () => {
  it('reports every 10 steps, or after 200 ms, and the rest on flush', async () => {
    const reported: number[] = [];
    let now = 0;
    const progress = new ArchiveProgress(
      async (done) => {
        reported.push(done);
      },
      () => now,
    );
    for (let i = 0; i < 25; i += 1) await progress.step();
    expect(reported).toEqual([10, 20]);
    now = 250;
    await progress.step();
    expect(reported).toEqual([10, 20, 26]);
    await progress.step();
    await progress.flush();
    await progress.flush();
    expect(reported).toEqual([10, 20, 26, 27]);
    expect(progress.count).toBe(27);
  });
});
