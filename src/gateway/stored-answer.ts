// An answer as the shared state keeps it: one short header line (status, when it came, seconds
// fresh), then the body as it came. Not JSON: a JSON body inside a JSON string is escaped (every
// quote doubled into \"), which stored 24 MB of answers as 37.7 MB.
import type { Entry } from "./entries";

/** As bytes: a body of several megabytes made into a JS string on its way to Redis would churn the
 *  heap on every miss (and V8 keeps the pages it grew into). */
export const encodeStored = (e: Entry): Buffer =>
  Buffer.concat([Buffer.from(`${e.status} ${e.at} ${e.ttl}\n`), typeof e.body === "string" ? Buffer.from(e.body, "utf8") : e.body]);

/** The entry, or undefined for anything else (nothing, garbage, an older format). */
export function decodeStored(text: string | undefined): Entry | undefined {
  if (!text) return undefined;
  const end = text.indexOf("\n");
  if (end < 0 || end > 64) return undefined;
  const [status, at, ttl] = text.slice(0, end).split(" ").map(Number);
  if (!Number.isInteger(status) || !Number.isFinite(at) || !Number.isFinite(ttl)) return undefined;
  return { status, at, ttl, body: text.slice(end + 1) };
}

/** The small key each stored answer has beside it: when it came. A call waiting for another's
 *  answer reads this, and the body only when it is newer than what it has. */
export const markerOf = (key: string) => `at:${key}`;
