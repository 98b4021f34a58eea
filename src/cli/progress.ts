// What the command is waiting for, on stderr: on a terminal, one line kept up to date (the
// request awaited and for how long, a retry's wait, the requests answered so far and, for a paged
// list, how many of the service's rows have come), cleared when the call ends; with --verbose, a
// line per request (its URL, never the key, its status, time, credits and a page's reach).
// Piped, without --verbose, nothing: stderr then holds only notes, warnings and errors.
import { type AsyncHost, counted, creditsOfAnswer, monotonicNow, priceOf, redactKey } from "../../shared";

export interface ProgressIo {
  /** Writes to a terminal without a newline; absent when stderr is not a terminal. */
  progress?: (text: string) => void;
  err: (line: string) => void;
}

/** How often the line on a terminal shows the time waited. */
const TICK_MS = 250;
const CLEAR = "\r\u001b[2K";

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** How far a paged list has come, from a live answer's own pagination: the rows up to the end of
 *  this page, of how many the service holds. Read only for what is shown (a terminal, --verbose). */
export function pageReach(body: string): { reached: number; total: number } | undefined {
  if (!body.includes('"pagination"')) return undefined;
  try {
    const { pagination } = JSON.parse(body) as { pagination?: { offset?: unknown; showing?: unknown; total_count?: unknown } };
    const { offset, showing, total_count: total } = pagination ?? {};
    if (typeof offset !== "number" || typeof showing !== "number" || typeof total !== "number") return undefined;
    return { reached: offset + showing, total };
  } catch {
    return undefined;
  }
}

/** What the requests that left cost, counted as they were answered (with --verbose only):
 *  `estimated` when a price billed is MDQ's estimate (a path without a published price). */
export interface Spent {
  requests: number;
  credits: number;
  estimated: boolean;
}

/** `host` with its requests and waits reported; `done()` clears the terminal's line; `spent()`
 *  what the requests cost, for a call that ends in an error (it has no result to say it). */
export function reported(
  host: AsyncHost,
  io: ProgressIo,
  verbose: boolean,
  apiKey?: string,
): { host: AsyncHost; done(): void; spent(): Spent } {
  const inFlight = new Map<number, { path: string; since: number }>();
  let next = 0;
  let answered = 0;
  const spent: Spent = { requests: 0, credits: 0, estimated: false };
  let waitingUntil = 0;
  /** The paged list's progress, from its last page answered. */
  let paged = "";
  let timer: ReturnType<typeof setInterval> | undefined;
  // The host's clock, as its calls' deadlines and back-offs use it (a test's fake one too).
  const clock = () => monotonicNow(host);
  const show = () => {
    if (!io.progress) return;
    const now = clock();
    const oldest = [...inFlight.values()][0];
    const what =
      waitingUntil > now
        ? `trying again in ${seconds(waitingUntil - now)}`
        : oldest
          ? `waiting for ${oldest.path} (${seconds(now - oldest.since)})${inFlight.size > 1 ? ` and ${inFlight.size - 1} more` : ""}`
          : "working";
    io.progress(`${CLEAR}mdq: ${what}; ${counted(answered, "request")} answered${paged}`);
  };
  const start = () => {
    if (io.progress && !timer) {
      timer = setInterval(show, TICK_MS);
      timer.unref?.();
    }
    show();
  };
  const watchedHost: AsyncHost = {
    ...host,
    send: async (request, timeoutMs, maxBytes, queueMs) => {
      const id = next++;
      const url = redactKey(request.url, apiKey);
      const since = clock();
      inFlight.set(id, { path: url.replace(/^[a-z]+:\/\/[^/]+/i, ""), since });
      start();
      try {
        const sent = await host.send(request, timeoutMs, maxBytes, queueMs);
        answered++;
        const reach = (io.progress || verbose) && "body" in sent ? pageReach(sent.body) : undefined;
        if (reach) paged = `, ${reach.reached} of ${reach.total} rows of the list`;
        if (verbose) {
          const took = `${Math.round(clock() - since)} ms`;
          const credits = "failure" in sent ? 0 : creditsOfAnswer(request.url, sent);
          spent.requests++;
          spent.credits += credits;
          if (credits > 0 && priceOf(url.replace(/^[a-z]+:\/\/[^/]+/i, "").split("?")[0]).source !== "published") spent.estimated = true;
          const outcome =
            "failure" in sent
              ? `${sent.failure} after ${took}`
              : `${sent.status} in ${took}, ${counted(credits, "credit")}${reach ? `, rows to ${reach.reached} of ${reach.total}` : ""}`;
          if (io.progress) io.progress(CLEAR);
          io.err(`mdq: GET ${url} -> ${outcome}`);
        }
        return sent;
      } finally {
        inFlight.delete(id);
        show();
      }
    },
    onSleep: (ms) => {
      waitingUntil = clock() + ms;
      if (verbose) io.err(`mdq: trying again in ${seconds(ms)}`);
      show();
    },
  };
  return {
    host: watchedHost,
    done: () => {
      clearInterval(timer);
      if (io.progress) io.progress(CLEAR);
    },
    spent: () => ({ ...spent }),
  };
}
