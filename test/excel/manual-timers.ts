// Timers the test fires by hand, with a clock the test moves: what the gate and its deadline board
// arm, clear and keep armed is counted, and nothing fires unless the test says so.
import type { Timers } from "../../src/excel/deadlines";

export function manualTimers() {
  const clock = { now: 0 };
  const armed = new Map<number, { run: () => void; at: number; ms: number }>();
  const counts = { set: 0, clear: 0, mostArmed: 0 };
  let last = 0;
  const timers: Timers = {
    set: (run, ms) => {
      counts.set++;
      armed.set(++last, { run, at: clock.now + ms, ms });
      counts.mostArmed = Math.max(counts.mostArmed, armed.size);
      return last;
    },
    clear: (timer) => {
      counts.clear++;
      armed.delete(timer as number);
    },
  };
  /** When the one armed timer fires (undefined: none armed). */
  const armedAt = () => {
    if (armed.size > 1) throw new Error(`${armed.size} timers armed at once`);
    return [...armed.values()][0]?.at;
  };
  /** The delay the one armed timer was set with. */
  const armedMs = () => {
    armedAt();
    return [...armed.values()][0]?.ms;
  };
  /** Moves the clock to the armed timer's moment and fires it. */
  const fire = () => {
    const [timer, { run, at }] = [...armed.entries()][0];
    armed.delete(timer);
    clock.now = at;
    run();
  };
  return { timers, clock, counts, armedAt, armedMs, fire, now: () => clock.now };
}
