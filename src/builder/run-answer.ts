// A host's call (the core's CallResult, or its error) → the builder's RunAnswer. The hosts that
// run the core in the page (the playground, Excel's task pane) share it; each gives its own words
// for an error (messageOf for its front end) and for an age.
import type { CallResult } from "../../shared";
import type { RunAnswer } from "./host";

export interface AnswerWords {
  /** An error as this front end words it (never the key: messageOf redacts it). */
  message(error: unknown): string;
  /** "3 min" for 180 000 ms (the core's ageText). */
  age(ms: number): string;
  now(): number;
}

export async function answerOf(call: () => Promise<CallResult<unknown>>, words: AnswerWords): Promise<RunAnswer> {
  try {
    const result = await call();
    return {
      cells: result.cells as RunAnswer["cells"],
      // Attempts are the requests the call sent, retries included: each is billed.
      requests: result.attempts,
      credits: result.credits,
      fromCache: result.fromCache,
      ...(result.formats ? { formats: result.formats } : {}),
      ...(result.headers !== undefined ? { headers: result.headers } : {}),
      ...(result.stale
        ? {
            stale: `the answer fetched ${words.age(words.now() - result.stale.since)} ago, as its refresh failed (${result.stale.reason.replace(/^MDQ: /, "")})`,
          }
        : {}),
    };
  } catch (e) {
    const empty = (e as { kind?: unknown } | undefined)?.kind === "no_data";
    return { cells: [], requests: 0, credits: 0, fromCache: false, error: words.message(e), ...(empty ? { empty } : {}) };
  }
}
