/**
 * Runs `task` on every item with at most `concurrency` running at once, and reports each outcome in
 * the items' order: one failure neither stops nor hides the others.
 */
export async function settleAll<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<PromiseSettledResult<void>[]> {
  const outcomes: PromiseSettledResult<void>[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        await task(items[index] as T);
        outcomes[index] = { status: 'fulfilled', value: undefined };
      } catch (reason) {
        outcomes[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  return outcomes;
}
