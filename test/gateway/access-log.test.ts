// The gateway's batched log: one write per batch, not per request; nothing lost at a clean stop;
// bounded when the output does not keep up; a closed output (EPIPE) costs the log, not the gateway.
// Fake timers only: nothing here depends on how fast the machine is.
import { EventEmitter } from "node:events";
import { accessLine, BatchedLog, isoTime } from "../../src/gateway/access-log";

/** A stand-in for stdout: records each write; `hold` keeps the write callbacks (a slow output). */
function output({ hold = false } = {}) {
  const o = Object.assign(new EventEmitter(), {
    writes: [] as string[],
    pending: [] as ((error?: Error | null) => void)[],
    write(text: string, done: (error?: Error | null) => void) {
      o.writes.push(text);
      if (hold) o.pending.push(done);
      else queueMicrotask(() => done());
      return true;
    },
    /** Every line written so far, in order. */
    lines: () => o.writes.join("").split("\n").filter(Boolean),
  });
  return o;
}

beforeEach(() => jest.useFakeTimers({ doNotFake: ["queueMicrotask", "nextTick"] }));
afterEach(() => jest.useRealTimers());

test("lines go out together, one write per batch, once the batch's time has passed", () => {
  const out = output();
  const log = new BatchedLog(out, { flushMs: 200 });
  for (let i = 0; i < 100; i++) log.line(`request ${i}`);
  expect(out.writes).toHaveLength(0);
  jest.advanceTimersByTime(199);
  expect(out.writes).toHaveLength(0);
  jest.advanceTimersByTime(1);
  expect(out.writes).toHaveLength(1);
  expect(out.lines()).toEqual(Array.from({ length: 100 }, (_, i) => `request ${i}`));
});

test("a full batch is written at once, without waiting for the timer", () => {
  const out = output();
  const log = new BatchedLog(out, { flushMs: 200, batchChars: 1000 });
  const line = "x".repeat(99); // 100 characters with its newline
  for (let i = 0; i < 10; i++) log.line(line);
  expect(out.writes).toHaveLength(1);
  expect(out.lines()).toHaveLength(10);
  log.line(line);
  expect(out.writes).toHaveLength(1);
});

test("close writes what is buffered and resolves only once the output took it", async () => {
  const out = output({ hold: true });
  const log = new BatchedLog(out, { flushMs: 60_000 });
  log.line("last request");
  let closed = false;
  const closing = log.close().then(() => {
    closed = true;
  });
  expect(out.lines()).toEqual(["last request"]);
  await Promise.resolve();
  expect(closed).toBe(false);
  out.pending.shift()?.();
  await closing;
  expect(closed).toBe(true);
});

test("an output that does not keep up: lines past the bound are dropped, counted, and said in the next batch", () => {
  const out = output({ hold: true });
  const log = new BatchedLog(out, { flushMs: 10, batchChars: 100, maxPendingChars: 1000 });
  const line = "y".repeat(49); // 50 characters with its newline
  for (let i = 0; i < 100; i++) log.line(line);
  // 1,000 characters are held (written, not yet taken); the other 80 lines are dropped.
  expect(out.lines()).toHaveLength(20);
  for (const done of out.pending.splice(0)) done();
  log.line("after");
  jest.advanceTimersByTime(10);
  const [, warning] = out.lines().slice(-2);
  expect(out.lines().at(-2)).toBe("after");
  expect(JSON.parse(warning!).message).toMatch(/^80 log lines were dropped: the gateway's output \(stdout\) did not take them/);
});

test("a closed output (EPIPE) neither throws nor holds lines, and close still resolves", async () => {
  const out = output();
  const log = new BatchedLog(out, { flushMs: 10 });
  log.line("before");
  jest.advanceTimersByTime(10);
  out.emit("error", Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
  expect(() => {
    for (let i = 0; i < 10; i++) log.line("after the pipe closed");
  }).not.toThrow();
  jest.advanceTimersByTime(10);
  await log.close();
  expect(out.lines()).toEqual(["before"]);
});

test("an output whose write throws stops the log, not the request that logged", () => {
  const out = output();
  out.write = () => {
    throw new Error("write EBADF");
  };
  const log = new BatchedLog(out, { batchChars: 1 });
  expect(() => log.line("one")).not.toThrow();
  expect(() => log.line("two")).not.toThrow();
});

test("an access line is the JSON of its facts, whatever the client sent in its path", () => {
  const at = Date.UTC(2026, 10, 25, 22, 0, 0, 123);
  const facts = [
    { token: "grace", method: "GET", path: "/v1/company/report/BBCA.JK/", status: 200, cache: "hit" },
    { token: null, method: "GET", path: '/v1/"quoted"\n\\back\u2028\u0000ünï/', status: 401 },
    { token: "o'brien@example", method: "OPTIONS", path: "/v2/x/", status: 204, cache: "none" },
  ];
  for (const a of facts) {
    const line = accessLine(a, 1.23456, at);
    expect(JSON.parse(line)).toEqual({ time: "2026-11-25T22:00:00.123Z", ...a, ms: 1.23 });
    expect(line).not.toMatch(/\n/);
  }
  expect(isoTime(at + 1)).toBe("2026-11-25T22:00:00.124Z");
});
