// One HTTP GET through UrlFetchApp, answered the way the executor expects.
// UrlFetchApp.fetch takes no timeout and cannot be interrupted, so the budget can only decide
// whether to START a request: a retry is not sent when less time is left than the slowest
// request of this call took (a slow server stays slow). Together with the core's rule of not
// sleeping past the deadline, this keeps a call near its budget, well inside Sheets' 30 s.
// A retry not sent ends the call here with its own message (the core would count it as a try),
// in the family of the last try's error: a 429 or a 503 is still a 429 or a 503, not a timeout.
import { classify, HttpResponse } from "../../shared/classify";
import { isMdqError, MdqError } from "../../shared/errors";
import type { TransportFailure } from "../../shared/executor";
import type { HttpRequest } from "../../shared/request";
import { FetchResponse, gas } from "./apps-script";

export class UrlFetchTransport {
  private slowestMs = 0;
  private tries = 0;
  private firstStart = 0;
  private last = "";
  private lastOutcome: HttpResponse | TransportFailure | undefined;

  constructor(
    private readonly now: () => number,
    private readonly budgetMs: number,
  ) {}

  fetch(request: HttpRequest, timeoutMs: number): HttpResponse | TransportFailure {
    if (this.tries > 0 && timeoutMs < this.slowestMs) {
      const host = request.url.replace(/^https?:\/\//, "").split(/[/?#]/)[0];
      const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
      const took = `${this.tries} ${this.tries === 1 ? "try" : "tries"} took ${seconds(this.now() - this.firstStart)}`;
      const previous = this.lastError(host);
      if (previous) {
        const text = previous.message.replace(/^MDQ: /, "").replace(/\.$/, "");
        throw new MdqError(previous.kind, `${text} (${took}, too long to try again within MDQ's ${seconds(this.budgetMs)} limit).`, {
          status: previous.status,
          retryAfter: previous.retryAfter,
        });
      }
      throw new MdqError(
        "timeout",
        `${host} is too slow to try again within MDQ's ${seconds(this.budgetMs)} limit: ${took} (last: ${this.last}). Try again later.`,
      );
    }
    const started = this.now();
    if (this.tries++ === 0) this.firstStart = started;
    try {
      const response = gas().UrlFetchApp.fetch(request.url, {
        method: "get",
        headers: request.headers,
        // Status and body go to the core's classifier instead of an exception per status.
        muteHttpExceptions: true,
        // A redirect could carry the Authorization header to another host: never follow one.
        followRedirects: false,
      });
      const status = response.getResponseCode();
      this.last = `HTTP ${status}`;
      return (this.lastOutcome = { status, body: response.getContentText(), retryAfter: header(response, "retry-after") });
    } catch (e) {
      const failure = failureOf(e);
      this.last = failure.failure === "timeout" ? "no answer" : failure.message;
      return (this.lastOutcome = failure);
    } finally {
      this.slowestMs = Math.max(this.slowestMs, this.now() - started);
    }
  }

  /** The error the last try ended with, in the core's words; undefined when it got no answer in time. */
  private lastError(host: string): MdqError | undefined {
    const last = this.lastOutcome;
    if (!last || ("failure" in last && last.failure === "timeout")) return undefined;
    if ("failure" in last)
      return new MdqError("network", `could not reach ${host} (${last.message}). Check the base URL and your connection.`);
    try {
      classify(last, this.now());
    } catch (e) {
      if (isMdqError(e)) return e;
    }
    return undefined;
  }
}

function header(response: FetchResponse, name: string): string | null {
  const headers = response.getHeaders() ?? {};
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() !== name) continue;
    const value = headers[key];
    return Array.isArray(value) ? (value[0] ?? null) : value;
  }
  return null;
}

/** UrlFetchApp throws for DNS failures, refused connections and its own timeout. */
export function failureOf(e: unknown): TransportFailure {
  const raw = String((e as Error)?.message ?? e);
  // Its messages end with the URL ("DNS error: https://..."): the reason is enough.
  const reason =
    raw
      .split("\n")[0]
      .replace(/^Exception:\s*/, "")
      .replace(/:?\s*https?:\/\/\S*/g, "")
      .trim()
      .slice(0, 120) || "network error";
  return /time(d)?\s*out/i.test(raw) ? { failure: "timeout", message: reason } : { failure: "network", message: reason };
}
