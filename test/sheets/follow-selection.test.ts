// When the sidebar asks for the selection (src/sheets/page/follow.ts), on a virtual clock: the
// waits while nothing changes, what starts them over, a failed ask, a reason to ask that comes
// while an ask is under way, and a hidden page. The built page in Chromium: sidebar-follow.test.ts.
import { FOLLOW_FIRST_MS, FOLLOW_MAX_MS, SelectionFollower, type Timers } from "../../src/sheets/page/follow";

/** Timers on a virtual clock, moved by `runFor`; each timer's run, and what it awaits, settle
 *  before the next. */
function virtualClock() {
  let now = 0;
  let ids = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  const settle = () => new Promise((r) => setImmediate(r));
  const timers: Timers = {
    setTimeout: (run, ms) => {
      due.set(++ids, { at: now + ms, run });
      return ids;
    },
    clearTimeout: (id) => void due.delete(id as number),
  };
  return {
    timers,
    now: () => now,
    /** Timers waiting to run. */
    waiting: () => due.size,
    settle,
    async runFor(ms: number): Promise<void> {
      const end = now + ms;
      await settle();
      for (;;) {
        const next = [...due.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!next) break;
        due.delete(next[0]);
        now = next[1].at;
        next[1].run();
        await settle();
      }
      now = end;
      await settle();
    },
  };
}

/** A follower whose asks are recorded (their times) and answered by `answer` (default: nothing
 *  changed). */
function follower(hidden = false) {
  const clock = virtualClock();
  const asked: number[] = [];
  let answer: () => Promise<boolean> = async () => false;
  const f = new SelectionFollower(
    () => {
      asked.push(clock.now());
      return answer();
    },
    clock.timers,
    hidden,
  );
  return {
    f,
    clock,
    asked,
    answerWith: (a: () => Promise<boolean>) => {
      answer = a;
    },
  };
}

const seconds = (ms: number[]) => ms.map((t) => t / 1000);

test("nothing changing: asks 2 s, 4 s, 8 s ... apart, then every 2 minutes; one timer at a time", async () => {
  const { f, clock, asked } = follower();
  f.start();
  for (let minute = 0; minute < 10; minute++) {
    await clock.runFor(60_000);
    expect(clock.waiting()).toBe(1);
  }
  expect(seconds(asked)).toEqual([2, 6, 14, 30, 62, 126, 246, 366, 486]);
  expect(FOLLOW_MAX_MS).toBe(120_000);
});

test("a change seen while the person is in the grid starts the waits over", async () => {
  const { f, clock, asked, answerWith } = follower();
  f.start();
  await clock.runFor(60_000); // asks at 2, 6, 14, 30: the next at 62
  let changes = 1;
  answerWith(async () => changes-- > 0);
  await clock.runFor(10_000);
  expect(seconds(asked)).toEqual([2, 6, 14, 30, 62, 64, 68]);
});

test("a change read as the person comes back does not hurry the asks after it", async () => {
  const { f, clock, asked, answerWith } = follower();
  f.start();
  await clock.runFor(60_000); // asks at 2, 6, 14, 30: the next wait is 32 s
  let changes = 1;
  answerWith(async () => changes-- > 0);
  f.back(); // the cell they clicked before coming back
  await clock.runFor(70_000);
  expect(seconds(asked)).toEqual([2, 6, 14, 30, 60, 124]);
});

test("coming back asks at once, once; leaving makes the next ask 2 s away", async () => {
  const { f, clock, asked } = follower();
  f.start();
  await clock.runFor(300_000);
  const before = asked.length;
  f.back();
  f.back(); // still here: the focus after the pointer, say
  await clock.settle();
  expect(asked.length - before).toBe(1);
  f.away();
  await clock.runFor(FOLLOW_FIRST_MS);
  expect(asked.length - before).toBe(2);
  expect(asked[asked.length - 1]).toBe(300_000 + FOLLOW_FIRST_MS);
});

test("a failed ask (Google refused the execution) backs off as an unchanged one", async () => {
  const { f, clock, asked, answerWith } = follower();
  answerWith(async () => {
    throw new Error("Service invoked too many times for one day");
  });
  f.start();
  await clock.runFor(600_000);
  expect(seconds(asked)).toEqual([2, 6, 14, 30, 62, 126, 246, 366, 486]);
});

test("a reason to ask that comes during an ask: asked again once it is answered", async () => {
  const { f, clock, asked, answerWith } = follower();
  let answered: (changed: boolean) => void = () => undefined;
  answerWith(() => new Promise<boolean>((r) => (answered = r)));
  f.start();
  await clock.runFor(FOLLOW_FIRST_MS);
  expect(asked).toEqual([2000]);
  // The person came back while that ask was under way: it may have read the cell they left.
  f.back();
  expect(asked).toEqual([2000]);
  answerWith(async () => false);
  answered(false);
  await clock.settle();
  expect(asked).toEqual([2000, 2000]);
});

test("leaving during an ask: the next ask 2 s after its answer", async () => {
  const { f, clock, asked, answerWith } = follower();
  f.start();
  await clock.runFor(60_000); // asks at 2, 6, 14, 30: the next wait is 32 s
  let answered: (changed: boolean) => void = () => undefined;
  answerWith(() => new Promise<boolean>((r) => (answered = r)));
  f.back(); // asked at 60 s, not answered yet
  f.away();
  answered(false);
  answerWith(async () => false);
  await clock.runFor(FOLLOW_FIRST_MS);
  expect(seconds(asked)).toEqual([2, 6, 14, 30, 60, 62]);
});

test("hidden: no timer and no ask; shown: asked at once, then the waits as before", async () => {
  const { f, clock, asked } = follower(true);
  f.start();
  expect(clock.waiting()).toBe(0);
  await clock.runFor(3_600_000);
  f.back();
  expect(asked).toEqual([]);
  f.shown();
  await clock.settle();
  expect(asked).toEqual([3_600_000]);
  f.hide();
  expect(clock.waiting()).toBe(0);
  await clock.runFor(3_600_000);
  expect(asked).toEqual([3_600_000]);
  f.shown();
  await clock.runFor(FOLLOW_FIRST_MS * 2);
  expect(asked.length).toBe(2);
});
