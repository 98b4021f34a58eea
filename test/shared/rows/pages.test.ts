// Lists in pages when the service's page is smaller than the one MDQ asks for: a stand-in of the
// live service on 127.0.0.1 answers every list 3 records a request, whatever `limit` says. Every row
// whose load pages through the service's lists (rows/loaders.ts `pages`, the screener's
// `allPages`) gets exactly the rows asked, from the offset asked, in the requests that takes: each
// page starts after the rows the last one brought, and a call never returns more than it asked.

import { type Loopback, listenOnLoopback } from "../../../scripts/harness/loopback";
import { functionNamed } from "../../../shared/catalogue/catalogue";
import { callAsync } from "../../../shared/drive/async-host";
import { type FetchLike, fetchHost } from "../../../shared/drive/fetch-transport";

/** The service's page: fewer rows than any MDQ asks for. */
const PAGE = 3;
const NOW = Date.parse("2025-06-30T03:00:00Z");

const symbolAt = (i: number) => `Q${String(i).padStart(4, "0")}`;
/** Record `i` of any list: the fields the paged rows read, each its own value. */
const recordAt = (i: number) => ({
  symbol: symbolAt(i),
  company_name: `Company ${i}`,
  date: "2025-06-27",
  timestamp: "2025-06-27T09:00:00",
  close: 100 + i,
  quarter: "q1",
  title: `Item ${i}`,
  query_values: { market_cap: 1000 - i },
});

interface ShortPages extends Loopback {
  sent: URL[];
  /** Records in every list (shorter: a list that ends). */
  total: number;
  /** The next_offset the service claims: after the rows sent, or (a service that counts what was
   *  asked, not what it sent) after the limit asked. */
  nextOffset: "sent" | "asked";
}

let service: ShortPages;
beforeAll(async () => {
  const sent: URL[] = [];
  const server = await listenOnLoopback((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    sent.push(url);
    const limit = Number(url.searchParams.get("limit") ?? 30);
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const count = Math.max(0, Math.min(limit, PAGE, service.total - offset));
    const results = Array.from({ length: count }, (_, i) => recordAt(offset + i));
    const hasNext = offset + count < service.total;
    const next = service.nextOffset === "asked" ? offset + limit : offset + count;
    const pagination = { total_count: service.total, showing: count, limit, offset, has_next: hasNext, next_offset: hasNext ? next : null };
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ results, pagination }));
  });
  service = Object.assign(server, { sent, total: 0, nextOffset: "sent" as const });
});
afterAll(() => service.close());

const fetchImpl: FetchLike = (url, init) => fetch(url, init);

/** A call in the live edition against the stand-in, with a list of `total` records. */
async function call(name: string, args: unknown[], o: { total: number; nextOffset?: ShortPages["nextOffset"] }) {
  service.sent.length = 0;
  service.total = o.total;
  service.nextOffset = o.nextOffset ?? "sent";
  const host = fetchHost(fetchImpl, { now: () => NOW });
  const result = await callAsync(functionNamed(name), args as never, { baseUrl: service.url, apiKey: "k", edition: "live" }, host);
  const [header, ...rows] = result.cells;
  const column = (name: string) => rows.map((r) => r[header.indexOf(name)]);
  return { result, rows, column, offsets: service.sent.map((u) => Number(u.searchParams.get("offset"))) };
}

test("SCREENER limit=500 over pages of 3: exactly 500 rows, in the 167 requests that takes, none skipped or twice", async () => {
  const { result, column, offsets } = await call("SCREENER", ["sub_sector = 'Banks'", "-market_cap", "", "limit=500"], { total: 2000 });
  expect(column("symbol")).toEqual(Array.from({ length: 500 }, (_, i) => symbolAt(i)));
  expect(result.attempts).toBe(167);
  expect(offsets).toEqual(Array.from({ length: 167 }, (_, i) => 3 * i));
  // The last request asks only for what is left.
  expect(service.sent.at(-1)?.searchParams.get("limit")).toBe("2");
  expect(result.notes).toBeUndefined();
});

test("from the offset asked; a next_offset past the rows sent skips nothing", async () => {
  for (const nextOffset of ["sent", "asked"] as const) {
    const { column, offsets } = await call("SCREENER", ["x > 1", "", "", "limit=8; offset=2"], { total: 2000, nextOffset });
    expect(column("symbol")).toEqual(["Q0002", "Q0003", "Q0004", "Q0005", "Q0006", "Q0007", "Q0008", "Q0009"]);
    expect(offsets).toEqual([2, 5, 8]);
  }
});

test("a list that ends before the count: what there is, and the request that said so last", async () => {
  const { rows, offsets } = await call("SCREENER", ["x > 1", "", "", "limit=50"], { total: 7 });
  expect(rows).toHaveLength(7);
  expect(offsets).toEqual([0, 3, 6]);
});

// Every other row whose load pages, with the count it asks for and the records the list holds.
test.each([
  ["COMPANIES", ["banks", "market_cap", true], 10, 10],
  ["SGX_COMPANIES", ["financial-services"], 10, 10],
  ["LIST", ["index_members", "index=lq45"], 10, 10],
  ["MARKET_CLOSE", ["2025-06-26", "limit=10"], 100, 10],
  ["REPORTED_SINCE", ["2025-01-01", "", "limit=10"], 100, 10],
  ["SUSPENSIONS", ["", "", "", "limit=10"], 100, 10],
  ["NEWS", ["TLKM", "", "", "n=10"], 100, 10],
  ["FILINGS", ["BBCA", "", "", "n=10"], 100, 10],
  ["SGX_FILINGS", ["D05", "", "", "n=10"], 100, 10],
  ["SGX_NEWS", ["D05", "", "", "n=10"], 100, 10],
  ["SGX_SHORT_SELL", ["D05", "", "", "n=10"], 100, 10],
  ["SGX_BUYBACKS", ["U11", "", "", "n=10"], 100, 10],
])("%s: the rows asked (or the whole list), each once, over pages of 3", async (name, args, total, want) => {
  const { rows, result, offsets } = await call(name, args, { total, nextOffset: "asked" });
  expect(rows).toHaveLength(want);
  expect(new Set(rows.map((r) => JSON.stringify(r))).size).toBe(want);
  expect(offsets).toEqual(Array.from({ length: Math.ceil(want / PAGE) }, (_, i) => PAGE * i));
  expect(result.attempts).toBe(Math.ceil(want / PAGE));
});

test("a whole list past the most a call reads of it: the first 1000 companies, said in a note", async () => {
  const { column, result } = await call("COMPANIES", ["banks"], { total: 1010 });
  expect(column("symbol")).toEqual(Array.from({ length: 1000 }, (_, i) => symbolAt(i)));
  expect(result.attempts).toBe(334);
  expect(result.notes).toEqual(["the first 1000 rows: the service has more than a call reads of this list"]);
});
