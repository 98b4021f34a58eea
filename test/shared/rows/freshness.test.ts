// The lifetimes as pure rules (rows/freshness.ts, rows/exchange-hours.ts): today's prices follow
// their exchange's session; a statement stays fresh while the report-date feed, checked within the
// hour, does not show its company with a newer quarter; the entry keeps what the rule needs.
import { sessionAt } from "../../../shared/rows/exchange-hours";
import {
  FEED_CHECK_SECONDS,
  feedCheckOf,
  feedSince,
  freshUntilOf,
  reportHolds,
  reportMarkOf,
  unfiledUntil,
  withinReach,
} from "../../../shared/rows/freshness";
import { SESSION, TTL } from "../../../shared/rows/function-spec";
import { decodeEntry, encodeEntry } from "../../../shared/run/cache-entry";
import { FIXTURE_NOW, fixture } from "../harness";

const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;
const HOUR = 3_600_000;

describe("today's prices follow the exchange's session", () => {
  const idx = { ttl: TTL.live, until: SESSION.IDX };

  test("while the IDX trades (FIXTURE_NOW is Wednesday 10:00 in Jakarta), fresh for the live ttl", () => {
    expect(sessionAt("IDX", FIXTURE_NOW)).toEqual({ trading: true });
    expect(freshUntilOf(idx, FIXTURE_NOW)).toBe(FIXTURE_NOW + 15 * MIN);
  });

  test("minutes after the close still count as trading: the closing figures may come late", () => {
    const justClosed = at("2026-11-25T09:05:00Z"); // 16:05 WIB, the close at 16:00
    expect(freshUntilOf(idx, justClosed)).toBe(justClosed + 15 * MIN);
  });

  test("after the close, fresh until the next weekday's open; before the open, until it", () => {
    expect(freshUntilOf(idx, at("2026-11-25T09:30:00Z"))).toBe(at("2026-11-26T02:00:00Z")); // Wed 16:30 → Thu 09:00 WIB
    expect(freshUntilOf(idx, at("2026-11-25T23:00:00Z"))).toBe(at("2026-11-26T02:00:00Z")); // Thu 06:00 → 09:00 WIB
    // Friday evening and the weekend wait for Monday's open.
    expect(freshUntilOf(idx, at("2026-11-27T10:00:00Z"))).toBe(at("2026-11-30T02:00:00Z"));
    expect(freshUntilOf(idx, at("2026-11-28T03:00:00Z"))).toBe(at("2026-11-30T02:00:00Z"));
    expect(freshUntilOf(idx, at("2026-11-29T23:00:00Z"))).toBe(at("2026-11-30T02:00:00Z")); // Monday 06:00 WIB
  });

  test("each exchange in its own zone and hours: SGX closes 17:06 SGT, Bursa 17:00 MYT", () => {
    const sgx = { ttl: TTL.live, until: SESSION.SGX };
    const klse = { ttl: TTL.live, until: SESSION.KLSE };
    // 16:50 in Singapore and Kuala Lumpur: both trade.
    expect(freshUntilOf(sgx, at("2026-11-25T08:50:00Z"))).toBe(at("2026-11-25T09:05:00Z"));
    expect(freshUntilOf(klse, at("2026-11-25T08:50:00Z"))).toBe(at("2026-11-25T09:05:00Z"));
    // 17:18: SGX still within its settling minutes (17:06 + 15), Bursa past them (17:00 + 15).
    expect(sessionAt("SGX", at("2026-11-25T09:18:00Z"), 15 * MIN)).toEqual({ trading: true });
    expect(freshUntilOf(klse, at("2026-11-25T09:18:00Z"))).toBe(at("2026-11-26T01:00:00Z"));
    // 09:30 Jakarta is 10:30 Singapore: the IDX's open is an hour later in UTC.
    expect(sessionAt("IDX", at("2026-11-26T01:30:00Z"))).toEqual({ trading: false, nextOpen: at("2026-11-26T02:00:00Z") });
    expect(sessionAt("SGX", at("2026-11-26T01:30:00Z"))).toEqual({ trading: true });
  });

  test("a fixed lifetime is ttl from when the answer left the service, whatever the hour", () => {
    expect(freshUntilOf({ ttl: TTL.reference }, at("2026-11-28T03:00:00Z"))).toBe(at("2026-11-29T03:00:00Z"));
    expect(freshUntilOf({ ttl: TTL.financials, until: { kind: "report", feed: {} } }, FIXTURE_NOW)).toBe(FIXTURE_NOW + 6 * HOUR);
  });
});

describe("a statement stays fresh until its company files again", () => {
  const mark = { company: "KOPI", quarter: "2026-06-30" };
  const check = (checkedAt: number, latest: Record<string, string> = {}) => ({ checkedAt, latest: new Map(Object.entries(latest)) });

  test("the mark is the answer's company and newest quarter-end; another shape has none", () => {
    expect(reportMarkOf(JSON.parse(fixture("live/financials-quarterly.json")))).toEqual({ company: "KOPI", quarter: "2026-06-30" });
    const q = (symbol: string, date: string) => ({ symbol, date, revenue: 1 });
    expect(reportMarkOf([q("BBCA.JK", "2026-03-31"), q("BBCA.JK", "2026-09-30"), q("BBCA.JK", "2026-06-30")])).toEqual({
      company: "BBCA",
      quarter: "2026-09-30",
    });
    expect(reportMarkOf([q("BBCA.JK", "2026-03-31"), q("BBRI.JK", "2026-06-30")])).toBeUndefined();
    expect(reportMarkOf([])).toBeUndefined();
    expect(reportMarkOf({ results: [q("BBCA.JK", "2026-03-31")] })).toBeUndefined();
    expect(reportMarkOf([{ symbol: "BBCA.JK", date: "soon" }])).toBeUndefined();
  });

  test("the feed is asked from the day after the quarter: only companies that filed a newer one", () => {
    expect(feedSince(mark)).toBe("2026-07-01");
    expect(feedSince({ company: "X", quarter: "2026-12-31" })).toBe("2027-01-01");
  });

  test("held while a check of the last hour does not list the company with a newer quarter", () => {
    expect(reportHolds(mark, check(FIXTURE_NOW - 59 * MIN, { BBCA: "2026-09-30" }), FIXTURE_NOW)).toBe(true);
    expect(reportHolds(mark, check(FIXTURE_NOW, { KOPI: "2026-06-30" }), FIXTURE_NOW)).toBe(true);
    expect(reportHolds(mark, check(FIXTURE_NOW, { KOPI: "2026-09-30" }), FIXTURE_NOW)).toBe(false);
  });

  test("never without a check: none, one an hour old, or one from the future (a clock set back)", () => {
    expect(reportHolds(mark, undefined, FIXTURE_NOW)).toBe(false);
    expect(reportHolds(mark, check(FIXTURE_NOW - FEED_CHECK_SECONDS * 1000), FIXTURE_NOW)).toBe(false);
    expect(reportHolds(mark, check(FIXTURE_NOW + MIN), FIXTURE_NOW)).toBe(false);
  });

  test("a check is every page of the feed, as old as its oldest page; a page it cannot read makes none", () => {
    const page = (results: unknown, fetchedAt: number) => ({ results, fetchedAt });
    const pages = JSON.parse(fixture("live/companies-quarterly-financial-dates.json")).results;
    const read = feedCheckOf([page(pages.slice(0, 2), FIXTURE_NOW), page(pages.slice(2), FIXTURE_NOW - 5 * MIN)]);
    expect(read?.checkedAt).toBe(FIXTURE_NOW - 5 * MIN);
    expect(Object.fromEntries(read?.latest ?? [])).toEqual({ BKNR: "2026-06-30", KOPI: "2026-06-30", TEHB: "2026-03-31" });
    expect(feedCheckOf([page([{ symbol: "BKNR" }], FIXTURE_NOW)])).toBeUndefined();
    expect(feedCheckOf([])).toBeUndefined();
  });

  test("a quarter more than 200 days back is out of the feed's reach: the fixed rule serves it", () => {
    expect(withinReach({ company: "X", quarter: "2026-06-30" }, FIXTURE_NOW)).toBe(true);
    expect(withinReach({ company: "X", quarter: "2026-03-31" }, FIXTURE_NOW)).toBe(false);
  });

  test("the entry keeps the mark; an entry without one reads as before, and a damaged mark is no mark", () => {
    const entry = { body: "[]", fetchedAt: FIXTURE_NOW, freshUntil: FIXTURE_NOW + 6 * HOUR, generation: "", report: mark };
    const text = encodeEntry(entry);
    expect(text.split("\n")[0]).toBe(`mdq-entry1 ${FIXTURE_NOW} ${FIXTURE_NOW + 6 * HOUR} - KOPI@2026-06-30`);
    expect(decodeEntry(text)).toEqual(entry);
    const { report: _, ...plain } = entry;
    expect(decodeEntry(encodeEntry(plain))).toEqual(plain);
    expect(decodeEntry(text.replace("KOPI@2026-06-30", "KOPI@soon"))).toEqual(plain);
  });
});

test("no newer quarter before the next one ends: a statement's mark holds with no check until then", () => {
  const until = (quarter: string) => new Date(unfiledUntil({ company: "BBCA", quarter })).toISOString();
  expect(until("2026-09-30")).toBe("2026-12-31T00:00:00.000Z");
  expect(until("2026-06-30")).toBe("2026-09-30T00:00:00.000Z");
  // Across a year's end.
  expect(until("2026-12-31")).toBe("2027-03-31T00:00:00.000Z");
  expect(until("2027-03-31")).toBe("2027-06-30T00:00:00.000Z");
});
