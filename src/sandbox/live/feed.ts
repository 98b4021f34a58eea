// Rules shared by the live feeds (/v2/filings/, /v2/news/): independent optional `start`/`end` on
// the timestamp's date (a future `end` is a 400; start after end is simply an empty list), tag and symbol lists, limit/offset paging, and
// timestamps written without the zone suffix as the live service writes them.
import type { Query } from "../query";
import { endNotFuture, FEED_DATE_MESSAGE, symbolOr400 } from "./params";

export interface Stamped {
  timestamp: string;
}

/** A predicate for the date window and tags of `q`, checked before any other filter. */
export function feedFilter(q: Query, today: string): (item: Stamped & { tags?: unknown }) => boolean {
  const start = q.date("start", FEED_DATE_MESSAGE);
  const end = endNotFuture(q.date("end", FEED_DATE_MESSAGE), today);
  const tags = q.list("tags")?.map((t) => t.toLowerCase());
  return (item) => {
    const day = item.timestamp.slice(0, 10);
    if ((start && day < start) || (end && day > end)) return false;
    return !tags || (item.tags as string[]).some((t) => tags.includes(t.toLowerCase()));
  };
}

/** "BBCA,bbri.jk" -> ["BBCA.JK", "BBRI.JK"]; a malformed symbol is a 400. */
export function symbolList(q: Query, name: string): string[] | undefined {
  return q.list(name)?.map((s) => `${symbolOr400(s)}.JK`);
}

/** "2025-06-18T09:30:00Z" -> "2025-06-18T09:30:00". */
export const liveStamp = (timestamp: string) => timestamp.slice(0, 19);
