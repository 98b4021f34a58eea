// Request economy, as pure functions: what a cache key is, and when and how long to wait
// before trying again. Defaults (like ky's, written down so they can be checked):
//   - up to 3 attempts in all, only for 429, 5xx, network failures and timeouts;
//     never for other 4xx: they will not change on their own;
//   - the wait grows 0.5 s, 1 s, 2 s ... capped at 8 s, with jitter (half fixed, half random)
//     so that many cells failing at once do not retry in step;
//   - a 429's Retry-After is honoured as it is; when it does not fit the deadline we stop;
//   - one overall deadline per call, retries included: 30 s (the Apps Script limit), counted
//     while the call's requests are out and while it waits between them, not while a request
//     waits in the host's own queue for a free slot (Excel's concurrency cap): that wait has a
//     bound of its own, 5 minutes a call, as cells waiting behind other cells is no fault of
//     the service;
//   - where a request cannot be interrupted, no try that could not come back before the deadline.
import type { MdqError } from "../base/errors";

export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  deadlineMs: number;
  /** The most a call's requests may wait, together, in the host's own queue before they are sent. */
  queueMs: number;
  /** The host cannot interrupt a request (Apps Script's UrlFetchApp takes no timeout): another try
   *  is sent only when at least as much time is left as the slowest try of the call took, since a
   *  slow server stays slow and a try past the deadline would outlive the host's own limit. */
  uninterruptible?: boolean;
}

export const DEFAULT_POLICY: RetryPolicy = { attempts: 3, baseDelayMs: 500, maxDelayMs: 8000, deadlineMs: 30_000, queueMs: 300_000 };

const RETRYABLE = new Set(["rate_limited", "server", "network", "timeout"]);

/** Milliseconds to wait before attempt `attempt + 1`, or undefined to give up. */
export function retryDelay(error: MdqError, attempt: number, random: () => number, policy: RetryPolicy): number | undefined {
  if (!RETRYABLE.has(error.kind) || attempt >= policy.attempts) return undefined;
  if (error.retryAfter !== undefined) return error.retryAfter * 1000;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
