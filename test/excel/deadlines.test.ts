// The gate's one timer for many deadlines (src/excel/deadlines.ts), on timers fired by hand: it is
// armed at the earliest deadline only, ends whoever is due when it fires, in order, and is armed
// again for the next; no timer stays armed when nothing waits.
import { type Deadline, DeadlineBoard } from "../../src/excel/deadlines";
import { manualTimers } from "./manual-timers";

function setUp() {
  const manual = manualTimers();
  const board = new DeadlineBoard(manual.now, manual.timers);
  const ended: string[] = [];
  const deadline = (name: string, at: number): Deadline => ({ at, slot: -1, due: () => ended.push(name) });
  return { ...manual, board, ended, deadline };
}

test("one timer at the earliest deadline; a later one arms nothing, an earlier one re-arms it", () => {
  const { board, deadline, counts, armedAt } = setUp();
  board.set(deadline("a", 100));
  board.set(deadline("b", 300));
  expect([armedAt(), counts.set, counts.clear]).toEqual([100, 1, 0]);
  board.set(deadline("c", 50));
  expect([armedAt(), counts.set, counts.clear]).toEqual([50, 2, 1]);
});

test("firing ends every deadline due, earliest first, and arms the timer for the next", () => {
  const { board, deadline, ended, fire, armedAt } = setUp();
  const moments: Array<[string, number]> = [
    ["late", 500],
    ["b", 200],
    ["a", 100],
    ["a too", 100],
  ];
  for (const [name, at] of moments) board.set(deadline(name, at));
  fire();
  expect(ended.sort()).toEqual(["a", "a too"]);
  expect(armedAt()).toBe(200);
  fire();
  expect(ended).toEqual(["a", "a too", "b"]);
  fire();
  expect(ended).toEqual(["a", "a too", "b", "late"]);
  expect([armedAt(), board.size]).toEqual([undefined, 0]);
});

test("a deadline removed before it is due never ends; the timer armed for it fires, ends nothing due and is armed for the next", () => {
  const { board, deadline, ended, counts, fire, armedAt } = setUp();
  const first = deadline("first", 100);
  board.set(first);
  board.set(deadline("second", 300));
  board.remove(first);
  // Left armed: no clear and no set for a deadline that left early.
  expect([armedAt(), counts.set, counts.clear]).toEqual([100, 1, 0]);
  fire();
  expect(ended).toEqual([]);
  expect([armedAt(), counts.set]).toEqual([300, 2]);
  fire();
  expect(ended).toEqual(["second"]);
});

test("the last deadline removed clears the timer; removing one twice changes nothing", () => {
  const { board, deadline, counts, armedAt } = setUp();
  const only = deadline("only", 100);
  board.set(only);
  board.remove(only);
  board.remove(only);
  expect([armedAt(), counts.set, counts.clear, board.size]).toEqual([undefined, 1, 1, 0]);
});

test("a deadline moved (a request sent: the answer bound replaces the queue bound) ends at its new moment", () => {
  const { board, deadline, ended, clock, fire, armedAt } = setUp();
  const moved = deadline("moved", 1000);
  board.set(moved);
  board.set(deadline("other", 500));
  clock.now = 100;
  moved.at = 200;
  board.set(moved);
  expect(armedAt()).toBe(200);
  fire();
  expect(ended).toEqual(["moved"]);
  expect(armedAt()).toBe(500);
});

test("hundreds of deadlines set, moved and removed in a scrambled order end in the order of their moments, on one timer", () => {
  const { board, deadline, ended, fire, counts, armedAt } = setUp();
  const all: Deadline[] = [];
  // A fixed scramble (multiplication modulo a prime), not a random one: the test is the same every run.
  for (let i = 0; i < 400; i++) all.push(deadline(String(i), 1 + ((i * 7919) % 401)));
  for (const d of all) board.set(d);
  for (let i = 0; i < 400; i += 5) board.remove(all[i]);
  for (let i = 1; i < 400; i += 7) {
    if (i % 5 === 0) continue;
    all[i].at += 1000;
    board.set(all[i]);
  }
  while (armedAt() !== undefined) fire();
  const expected = all.filter((_, i) => i % 5 !== 0).sort((a, b) => a.at - b.at);
  expect(ended).toHaveLength(expected.length);
  const moments = ended.map((name) => all[Number(name)].at);
  expect(moments).toEqual(expected.map((d) => d.at));
  expect(counts.mostArmed).toBe(1);
});
