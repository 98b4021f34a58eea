// A clock for a bundle's realm: tests that load a built bundle in a vm context give it this Date,
// so that its "today" is the sandbox's demo day while its timers still run on real time.

/** A Date whose "now" starts at `at` and moves on with real time. */
export function dateFrom(at: string): DateConstructor {
  const start = Date.parse(at);
  const realStart = Date.now();
  return class MovingDate extends Date {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(start + (Date.now() - realStart));
      else super(...(args as [number]));
    }
    static now() {
      return start + (Date.now() - realStart);
    }
  } as DateConstructor;
}
