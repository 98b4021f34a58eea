// Cache entries and stale-if-error, as pure rules every host shares; hosts only store the text.
//   - An entry is keyed by the request alone; the refresh generation (the `refresh=` value) it was
//     fetched under is kept inside it and compared on read, so Refresh all rewrites each key in
//     place instead of adding a new key per refresh.
//   - An entry is fresh for its function's lifetime (catalogue ttl and until: rows/freshness.ts;
//     a statement's entry keeps its company and newest quarter, so that the report rule needs
//     nothing but the entry and the feed's own entries, in any host and across a reopen) and, when the call names a
//     refresh generation, only if it was fetched under that one. Past that it is stale: kept, but
//     only answered when a new fetch fails for a reason that says nothing about the request
//     (429, 5xx, no connection, no answer in time, a limit of the host's platform), and only up to
//     STALE_MAX_SECONDS past its freshness, or the host's own window (Env.staleSeconds: Sheets,
//     where a tracker is opened again the next morning, keeps compressed copies for days:
//     docs/sheets.md). A 400/401/403/404/410, a bad argument or an answer
//     MDQ cannot read is the answer to this request now: it is shown, never papered over.
//   - A stale answer always travels with its age and the reason: the host must show both.
import type { MdqError } from "../base/errors";
import type { StaleMode } from "../input/options";
import type { AnswerMemo, CachedAnswer, EffectResult } from "../rows/effects";
import type { ReportMark } from "../rows/freshness";

/** The slot of an answer's memo (rows/effects.ts AnswerMemo) for its parsed JSON; its decoded
 *  forms are under their schema. */
export const JSON_MEMO = "json";

/** True for the first call to keep, under `key`, an answer that calls shared (one fetch in flight,
 *  one memo); the others would write the same entry again. Per key: one answer may be kept under
 *  two (the edition question and LIST("subsectors") ask the same URL). */
export function firstToKeep(memo: AnswerMemo, key: string): boolean {
  const slot = `kept ${key}`;
  if (memo.has(slot)) return false;
  memo.set(slot, true);
  return true;
}

/** The longest an answer is served stale, counted from the end of its freshness, unless the host
 *  says otherwise (Env.staleSeconds): 6 h. */
export const STALE_MAX_SECONDS = 6 * 3600;

/** Failures that may be answered with a stale entry: the service or the way to it is in trouble. */
const STALE_ALLOWED = new Set(["rate_limited", "server", "network", "timeout", "host_limit"]);

export interface Entry {
  body: string;
  /** When the answer was fetched (ms since the epoch). */
  fetchedAt: number;
  /** Until when it is fresh (ms since the epoch). */
  freshUntil: number;
  /** The refresh generation it was fetched under, hashed ("" for none). */
  generation: string;
  /** A statement's company and newest quarter: fresh past freshUntil while the company has not
   *  filed again (rows/freshness.ts reportHolds). */
  report?: ReportMark;
}

/** What a call answered from a stale entry: since when and why. */
export interface Staleness {
  /** When the answer served was fetched (ms since the epoch). */
  since: number;
  /** Why the refresh failed: the error's sentence. */
  reason: string;
}

// A JSON body never starts with a letter: a stored body of an older MDQ reads as no entry.
const PREFIX = "mdq-entry1 ";

// The report mark is a fourth word of the first line (`BBCA@2025-06-30`): a reader of the three
// words before it reads an entry with one as an entry without.
const MARK = /^([A-Z0-9]{1,12})@(\d{4}-\d{2}-\d{2})$/;

export function encodeEntry(entry: Entry): string {
  const mark = entry.report ? `${entry.report.company}@${entry.report.quarter}` : "";
  const word = MARK.test(mark) ? ` ${mark}` : "";
  return `${PREFIX}${entry.fetchedAt} ${entry.freshUntil} ${entry.generation || "-"}${word}\n${entry.body}`;
}

/** What a cache read resumed with: the stored text, and the memo a host keeps beside it (Excel's;
 *  others answer the text alone). */
export function cachedRead(read: EffectResult): { text: string | undefined; memo?: AnswerMemo } {
  if (typeof read === "string") return { text: read };
  const answer = read as CachedAnswer | null | undefined;
  return answer && typeof answer.text === "string" ? { text: answer.text, memo: answer.memo } : { text: undefined };
}

/** The entry in a stored text, or undefined when it is none (damaged, or an older format). */
export function decodeEntry(text: string | null | undefined): Entry | undefined {
  if (typeof text !== "string" || !text.startsWith(PREFIX)) return undefined;
  const newline = text.indexOf("\n");
  if (newline < 0) return undefined;
  const [fetchedAt, freshUntil, generation, mark] = text.slice(PREFIX.length, newline).split(" ");
  const entry: Entry = {
    body: text.slice(newline + 1),
    fetchedAt: Number(fetchedAt),
    freshUntil: Number(freshUntil),
    generation: generation === "-" ? "" : generation,
  };
  if (!Number.isFinite(entry.fetchedAt) || !Number.isFinite(entry.freshUntil) || generation === undefined) return undefined;
  const report = mark?.match(MARK);
  if (report) entry.report = { company: report[1], quarter: report[2] };
  return entry;
}

/** Fresh for this call: within its lifetime, fetched since the host's last refresh of everything
 *  (Excel's Recalculate button), and under the call's refresh generation when it names one (a
 *  call without one takes any fresh answer). */
export const isFresh = (entry: Entry, generation: string, now: number, refreshedAt?: number) =>
  now < entry.freshUntil &&
  // Strictly after: an answer of the same millisecond as the refresh may predate it.
  (refreshedAt === undefined || entry.fetchedAt > refreshedAt) &&
  (generation === "" || entry.generation === generation);

/** Whether a failed refresh may be answered with this entry, within `staleSeconds` past its freshness. */
export function mayServeStale(
  error: MdqError,
  entry: Entry | undefined,
  mode: StaleMode,
  now: number,
  staleSeconds = STALE_MAX_SECONDS,
): entry is Entry {
  if (!entry || mode === "error" || !STALE_ALLOWED.has(error.kind)) return false;
  return now - entry.freshUntil <= staleSeconds * 1000;
}

/** How long a host keeps an entry: its lifetime, then the stale window (hosts cap it further). */
export const keepSeconds = (ttlSeconds: number, staleSeconds = STALE_MAX_SECONDS) => ttlSeconds + staleSeconds;

/** "2 h 5 min", "4 min", "40 s": an age a person reads at a glance. */
export function ageText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h${min % 60 ? ` ${min % 60} min` : ""}`;
}

/** The sentence a host shows beside a stale answer. */
export const staleNote = (stale: Staleness, now: number) =>
  `stale: answer fetched ${ageText(now - stale.since)} ago; the refresh failed (${stale.reason.replace(/^MDQ: /, "")})`;
