// A preload that sets the clock of a Node process, for tests of the built CLI whose answers
// depend on the day (the latest quarter, staleness): node --require scripts/harness/fixed-clock.cjs
// dist/cli/mdq.js ... With MDQ_TEST_NOW set (an ISO date, 2026-11-29, which is midnight UTC, or a
// date-time with its zone, 2026-11-29T09:00:00Z), Date.now() and new Date() start at that instant
// and move on with real time from there; without it the process keeps the real clock.
const at = process.env.MDQ_TEST_NOW;

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** The instant `text` names, or an error saying what is allowed (never a guess: a date-time
 *  without its zone would be read in whatever zone the machine is in). */
function instantOf(text) {
  const m = ISO.exec(text);
  const day = m && new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toISOString().slice(0, 10);
  const ms = Date.parse(text);
  if (!m || day !== text.slice(0, 10) || Number.isNaN(ms))
    throw new Error(
      `MDQ_TEST_NOW is ${JSON.stringify(text)}: use an ISO date (2026-11-29) or a date-time with its zone (2026-11-29T09:00:00Z).`,
    );
  return ms;
}

if (at) {
  const RealDate = Date;
  const start = instantOf(at);
  const realStart = RealDate.now();
  const now = () => start + (RealDate.now() - realStart);
  class FixedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(now());
      else super(...args);
    }
    static now() {
      return now();
    }
    // Dates made by Node itself (file times) come from the real constructor: still dates.
    static [Symbol.hasInstance](value) {
      return value instanceof RealDate;
    }
  }
  // Date() called without new gives the time as text, as the real one does.
  globalThis.Date = new Proxy(FixedDate, { apply: () => new FixedDate().toString() });
}
