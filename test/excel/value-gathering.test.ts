// The Excel runtime's gathering of VALUE cells (src/excel/batch.ts) on a hand-driven timer: the
// calls of one group within the window all get the widest reach, the widest is kept for later
// windows, groups are apart, and the default timer runs as a plain function (as browsers require).
import { Gatherer } from "../../src/excel/gatherer";

function timers() {
  const due: Array<() => void> = [];
  return {
    set: (run: () => void) => void due.push(run),
    fire: () => {
      for (const run of due.splice(0)) run();
    },
  };
}

test("calls of one group within the window all run with the widest reach; later windows keep it", async () => {
  const t = timers();
  const batcher = new Gatherer(10, t.set);
  const first = [batcher.join("a", 24), batcher.join("a", 48), batcher.join("b", 24), batcher.join("a", 24)];
  t.fire();
  expect(await Promise.all(first)).toEqual([48, 48, 24, 48]);
  const later = batcher.join("a", 24);
  t.fire();
  expect(await later).toBe(48);
});

test("the default timer is a plain call of setTimeout", async () => {
  const real = globalThis.setTimeout;
  let calledOn: unknown = "not called";
  globalThis.setTimeout = function (this: unknown, run: () => void) {
    calledOn = this;
    run();
    return 0;
  } as unknown as typeof setTimeout;
  try {
    expect(await new Gatherer(10).join("a", 24)).toBe(24);
  } finally {
    globalThis.setTimeout = real;
  }
  expect(calledOn).not.toBeInstanceOf(Gatherer);
});
