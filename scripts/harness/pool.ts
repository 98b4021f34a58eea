// Run tasks a few at a time: a test that starts a process or a worker per case stays within what
// a 2-core machine can run without starving the servers it talks to.

/** Run `task` over `items`, at most `size` at once; results in the order of `items`. */
export async function inPool<T, R>(items: readonly T[], size: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, lane));
  return results;
}
