// The upstream's pause: when the provider answers 429 every instance holds back misses, for as
// long as it asked but never longer than PAUSE_CAP_SECONDS. One answer from upstream is trusted
// only that far: a Retry-After of 10^11 s or a date in year 9999 would otherwise stop the whole
// team for centuries. Once the pause ends the next miss goes upstream again, and pauses the team
// again if the provider still refuses.
import { parseRetryAfter } from "../../shared";

/** The longest pause one upstream answer can set (and the most any client is told to wait). */
export const PAUSE_CAP_SECONDS = 600;
/** The shortest: a pause of 0 s (or a negative one) would hold nothing back. */
export const PAUSE_MIN_SECONDS = 1;
/** The shared state's key of the pause (with Redis: `mdq:gw:pause`). */
export const PAUSE_KEY = "pause";

export interface Pause {
  /** When it ends, on the gateway's clock (ms). */
  until: number;
  /** Why, in words for /readyz and `mdq gateway pause`. */
  reason: string;
}

/** Seconds between PAUSE_MIN_SECONDS and PAUSE_CAP_SECONDS: NaN, Infinity and out-of-range
 *  values end at the nearest bound. */
export const boundedSeconds = (seconds: number): number =>
  Number.isNaN(seconds) ? PAUSE_CAP_SECONDS : Math.min(PAUSE_CAP_SECONDS, Math.max(PAUSE_MIN_SECONDS, Math.ceil(seconds)));

/** What a Retry-After header (seconds or an HTTP date; anything else means `fallback`) pauses for. */
export function pauseSecondsOf(retryAfter: string | null | undefined, fallback: number, nowMs: number): number {
  let said: number | undefined;
  try {
    said = parseRetryAfter(retryAfter, nowMs);
  } catch {
    said = undefined;
  }
  return boundedSeconds(said === undefined || !Number.isFinite(said) ? fallback : said);
}

export const encodePause = (p: Pause): string => JSON.stringify(p);

/** The stored pause, or undefined for nothing, garbage or an ended one; never more than the cap
 *  ahead, whoever wrote it. */
export function decodePause(text: string | undefined, nowMs: number): Pause | undefined {
  if (!text) return undefined;
  let parsed: Partial<Pause>;
  try {
    parsed = JSON.parse(text) as Partial<Pause>;
  } catch {
    return undefined;
  }
  if (typeof parsed?.until !== "number" || !Number.isFinite(parsed.until) || parsed.until <= nowMs) return undefined;
  return {
    until: Math.min(parsed.until, nowMs + PAUSE_CAP_SECONDS * 1000),
    reason: typeof parsed.reason === "string" ? parsed.reason.slice(0, 200) : "the upstream asked to wait",
  };
}
