// The engine's rows by family (src/excel/row-registry.ts), with a stand-in loader and clock: a
// call of a family not yet here waits for its script, in the order made, and is answered once it
// arrives; a script that cannot load, or does not arrive within the bound, fails the calls that
// waited with a message, once each, and the next call asks again.
import { functionNamed } from "../../shared";
import type { FunctionSpec } from "../../shared/rows/function-spec";
import { createRowRegistry } from "../../src/excel/row-registry";

const BOUND_MS = 60_000;
const VALUE = functionNamed("VALUE");
const QUARTERLY = functionNamed("QUARTERLY");
const GET = functionNamed("GET");

function registry() {
  const asked: string[] = [];
  const failers = new Map<string, (why: string) => void>();
  const timers = new Map<number, () => void>();
  let next = 0;
  const rows = createRowRegistry({
    familyOf: { VALUE: "value", QUARTERLY: "value", GET: "any" },
    load(family, failed) {
      asked.push(family);
      failers.set(family, failed);
    },
    timers: {
      set: (run, ms) => {
        expect(ms).toBe(BOUND_MS);
        timers.set(++next, run);
        return next;
      },
      clear: (timer) => void timers.delete(timer as number),
    },
    boundMs: BOUND_MS,
  });
  /** The bound passes: every timer still set fires. */
  const pass = () => {
    const due = [...timers.values()];
    timers.clear();
    for (const run of due) run();
  };
  return { rows, asked, failers, timers, pass };
}

/** How a promise ended so far (after the microtasks queued now have run). */
async function state<T>(promise: Promise<T>): Promise<"waiting" | { value: T } | { error: Error }> {
  let outcome: "waiting" | { value: T } | { error: Error } = "waiting";
  promise.then(
    (value) => (outcome = { value }),
    (error: Error) => (outcome = { error }),
  );
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return outcome;
}

test("calls of a family not yet here wait for its one script and are answered, in order, once it arrives", async () => {
  const { rows, asked, timers } = registry();
  const order: string[] = [];
  const first = Promise.resolve(rows.row("quarterly")).then((fn) => order.push(`1 ${fn.name}`));
  const second = Promise.resolve(rows.row("VALUE")).then((fn) => order.push(`2 ${fn.name}`));
  expect(asked).toEqual(["value"]);
  expect(await state(first)).toBe("waiting");
  rows.add("value", [VALUE, QUARTERLY]);
  // A call made as the rows arrive waits behind the calls that waited for them.
  const third = Promise.resolve(rows.row("QUARTERLY")).then((fn) => order.push(`3 ${fn.name}`));
  await Promise.all([first, second, third]);
  expect(order).toEqual(["1 QUARTERLY", "2 VALUE", "3 QUARTERLY"]);
  expect(timers.size).toBe(0);
  // From then on at once, without asking again.
  expect(rows.row(" value ")).toBe(VALUE);
  expect(asked).toEqual(["value"]);
});

test("a script that cannot load fails every call waiting for it with a message, once; the next call asks again", async () => {
  const { rows, asked, failers, timers } = registry();
  const waiting = [rows.row("VALUE"), rows.row("QUARTERLY")] as Array<Promise<FunctionSpec>>;
  failers.get("value")?.("could not be loaded");
  for (const call of waiting) {
    const outcome = await state(call);
    expect(outcome).toEqual({ error: expect.objectContaining({ kind: "network" }) });
    expect((outcome as { error: Error }).error.message).toMatch(/could not load its value functions: rows-value\.js could not be loaded/);
  }
  expect(timers.size).toBe(0);
  // Said once: the bound passing or a second report changes nothing.
  failers.get("value")?.("loaded but did not start");
  const again = rows.row("VALUE") as Promise<FunctionSpec>;
  expect(asked).toEqual(["value", "value"]);
  rows.add("value", [VALUE, QUARTERLY]);
  expect(await again).toBe(VALUE);
});

test("a script that never arrives fails its calls after the bound; arriving late, it serves the calls after", async () => {
  const { rows, asked, pass } = registry();
  const early = rows.row("GET") as Promise<FunctionSpec>;
  expect(await state(early)).toBe("waiting");
  pass();
  const outcome = await state(early);
  expect((outcome as { error: Error }).error.message).toMatch(/rows-any\.js did not arrive within 60 seconds/);
  // The script comes after all: the failed call stays failed, the next is answered at once.
  rows.add("any", [GET]);
  expect(rows.row("GET")).toBe(GET);
  expect(asked).toEqual(["any"]);
});

test("a name of no family is the user's bad argument, at once, and asks for nothing", () => {
  const { rows, asked } = registry();
  expect(() => rows.row("NOPE")).toThrow(/there is no function "?NOPE"?; see the function list/);
  expect(() => rows.row("constructor")).toThrow(/there is no function/);
  expect(asked).toEqual([]);
});

test("every row, in the catalogue's order, once every family has arrived", async () => {
  const { rows, asked } = registry();
  const all = rows.all();
  expect(asked.sort()).toEqual(["any", "value"]);
  rows.add("any", [GET]);
  rows.add("value", [QUARTERLY, VALUE]);
  expect((await all).map((f) => f.name)).toEqual(["VALUE", "QUARTERLY", "GET"]);
});
