// Shared rules of the two feeds (/v1/filings/, /v1/news/): date range on `timestamp`, ticker and
// tag lists, and `n` (top N most recent, default 20, max 30) overriding page/page_size.
import { SERVICE_BOUNDS } from "../../../shared";
import { SUBSECTOR_NAMES } from "../data/idx-taxonomy";
import { badRequest } from "../errors";
import type { Query } from "../query";
import { normaliseTicker } from "../tickers";

export interface FeedItem {
  timestamp: string;
  [field: string]: unknown;
}

const N_MESSAGE = "Invalid format. The 'n' parameter must be a positive integer.";
const DATE_MESSAGE = "Use a valid date format of YYYY-MM-DD for 'start' and 'end'.";

export function checkSubSector(value: string): void {
  if (!SUBSECTOR_NAMES.has(value)) throw badRequest(`Invalid sub_sector provided: ${value}.`);
}

/** Filters common to both feeds; `items` are newest first. */
export function filterFeed<T extends FeedItem>(items: T[], q: Query): T[] {
  const start = q.date("start", DATE_MESSAGE);
  const end = q.date("end", DATE_MESSAGE);
  const tags = q.list("tags")?.map((t) => t.toLowerCase());
  const tickers = q.list("tickers")?.map(normaliseTicker);
  return items.filter((it) => {
    const day = it.timestamp.slice(0, 10);
    if (start && day < start) return false;
    if (end && day > end) return false;
    if (tags && !(it.tags as string[]).some((t) => tags.includes(t.toLowerCase()))) return false;
    if (tickers && !(it.tickers as string[]).some((t) => tickers.includes(t))) return false;
    return true;
  });
}

/** `n` wins over pagination; without any of them the 20 most recent are returned. */
export function topOrPage<T>(items: T[], q: Query): T[] {
  const n = q.int("n", N_MESSAGE);
  if (n !== undefined && n < 1) throw badRequest(N_MESSAGE);
  const page = q.int("page", "Invalid format. The 'page' parameter must be a positive integer.");
  const size = q.int("page_size", "Invalid format. The 'page_size' parameter must be a positive integer.");
  if (page === 0) throw badRequest("Invalid format. The 'page' parameter must be a positive integer.");
  if (size === 0) throw badRequest("Invalid format. The 'page_size' parameter must be a positive integer.");
  if (n !== undefined || (page === undefined && size === undefined)) {
    return items.slice(0, Math.min(n ?? SERVICE_BOUNDS.nDefault, SERVICE_BOUNDS.nMax));
  }
  const perPage = Math.min(size ?? SERVICE_BOUNDS.nDefault, SERVICE_BOUNDS.nMax);
  const first = ((page ?? 1) - 1) * perPage;
  return items.slice(first, first + perPage);
}
