// Answers and settings an attacker (or a careless service) could send, through the core: the key
// never survives in a message, whatever the service does to it; answers too big, too deep or too
// wide are refused before they cost memory, and never retried; limits are checked before a request.

import { classify, MAX_DEPTH, nestingDepth, tooDeep } from "../../../shared/answer/classify";
import { recordTable } from "../../../shared/answer/flatten";
import { CLI_LIMITS, EXCEL_LIMITS, SHEETS_LIMITS } from "../../../shared/answer/host-limits";
import { dict, joined, num, numMap, str } from "../../../shared/answer/response";
import { serialToIso } from "../../../shared/base/cells";
import { MdqError } from "../../../shared/base/errors";
import { redactKey } from "../../../shared/base/redact";
import { functionNamed } from "../../../shared/catalogue/catalogue";
import { runSync } from "../../../shared/drive/drivers";
import { toSlug } from "../../../shared/input/arg-kinds";
import { prepare } from "../../../shared/request/prepare";
import { checkSettings } from "../../../shared/request/settings";
import type { Effect, EffectResult } from "../../../shared/rows/effects";
import { MAX_EACH } from "../../../shared/rows/loaders";
import { callFunction } from "../../../shared/run/call";
import type { Env } from "../../../shared/run/env";
import { PauseBoard, PROBE_POLL_MS } from "../../../shared/run/pauses";
import { failure, serve } from "../harness";

const KEY = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

describe("the key is taken out of any text", () => {
  test.each([
    ["whole", `bad key ${KEY}`],
    ["upper-cased", `bad key ${KEY.toUpperCase()}`],
    ["cut short", `bad key ${KEY.slice(0, 12)}`],
    ["a piece from its middle", `bad key ...${KEY.slice(20, 29)}...`],
    ["glued to other text", `token=${KEY}xyz`],
  ])("%s", (_, text) => {
    const clean = redactKey(text, KEY);
    expect(clean).toContain("[key]");
    for (let i = 0; i + 8 <= KEY.length; i++) expect(clean.toLowerCase()).not.toContain(KEY.slice(i, i + 8));
  });

  test("a short key glued to other text, in any case; a one-letter key only as a word of its own", () => {
    expect(redactKey("invalid token:zq7w2x", "Zq7w2")).toBe("invalid token:[key]x");
    expect(redactKey("Check the key k", "k")).toBe("Check the key [key]");
  });

  test("keys asked in turn: each text is cleaned of its own key's pieces, never the last key's", () => {
    const other = "QWERTYUIOPASDFGH";
    const piece = (k: string) => k.slice(3, 11);
    for (let round = 0; round < 2; round++) {
      expect(redactKey(`echo ${piece(KEY)} here`, KEY)).toBe("echo [key] here");
      expect(redactKey(`echo ${piece(KEY)} here`, other)).toBe(`echo ${piece(KEY)} here`);
      expect(redactKey(`echo ${piece(other)} here`, other)).toBe("echo [key] here");
      expect(redactKey(`echo ${piece(other)} here`, KEY)).toBe(`echo ${piece(other)} here`);
    }
  });

  test("the service's message is cleaned before it is cut: no piece of the key survives the cut", () => {
    const message = `${"The key you sent is not valid for this plan. ".repeat(4).slice(0, 185)} ${KEY}`;
    const error = failure(() => classify({ status: 401, body: JSON.stringify({ message }) }, 0, KEY));
    expect(error.kind).toBe("auth");
    expect(error.message).not.toContain(KEY.slice(0, 8));
  });
});

describe("answers too deep or too wide", () => {
  test("100,000 nested lists are refused before parsing, as malformed, without a stack overflow", () => {
    const body = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    expect(nestingDepth(body)).toBeGreaterThan(MAX_DEPTH);
    expect(nestingDepth('[{"a": "[[[[[["}]')).toBe(2);
    const error = failure(() => classify({ status: 200, body }, 0));
    expect(error.kind).toBe("malformed");
    expect(error.message).toMatch(/nested more than 256 levels deep/);
  });

  test("too deep is told apart from many brackets: a wide answer of shallow records is read, one nested past the bound is not", () => {
    const wide = JSON.stringify(Array.from({ length: 1000 }, (_, i) => ({ i, list: [i, [i]] })));
    expect(tooDeep(wide)).toBe(false);
    expect(classify({ status: 200, body: wide }, 0)).toHaveLength(1000);
    const justDeepEnough = `${"[".repeat(MAX_DEPTH)}${"]".repeat(MAX_DEPTH)}`;
    expect(tooDeep(justDeepEnough)).toBe(false);
    expect(tooDeep(`[${justDeepEnough}]`)).toBe(true);
    // Brackets in strings count for nothing once the bound is passed.
    expect(tooDeep(JSON.stringify({ text: "[{".repeat(MAX_DEPTH) }))).toBe(false);
  });

  test("records with ever new keys stop at the widest grid any host takes, and the host's own limit is named", () => {
    const records = Array.from({ length: 2001 }, (_, r) => Object.fromEntries(Array.from({ length: 20 }, (_, k) => [`f${r * 20 + k}`, 1])));
    const body = JSON.stringify(records);
    for (const [limits, columns] of [
      [EXCEL_LIMITS, "16,384"],
      [SHEETS_LIMITS, "18,278"],
    ] as const) {
      const error = failure(() =>
        runSync(
          callFunction(
            functionNamed("GET"),
            ["v1/x/"],
            { baseUrl: "http://127.0.0.1:9", apiKey: "k", edition: "spec" },
            { now: () => 0, random: () => 0.5, limits },
          ),
          (effect: Effect): EffectResult => (effect.type === "fetch" ? { status: 200, body } : undefined),
        ),
      );
      expect(error.kind).toBe("too_large");
      expect(error.message).toContain(`more than ${limits.host} takes (${columns})`);
      expect(error.message).toMatch(/narrow it with fields=, n= or dates/);
    }
  });

  test("a text cell longer than the host's cell is refused, naming the column", () => {
    const body = JSON.stringify([{ name: "x".repeat(40_000) }]);
    const call = (limits: typeof EXCEL_LIMITS) =>
      runSync(
        callFunction(
          functionNamed("GET"),
          ["v1/x/"],
          { baseUrl: "http://127.0.0.1:9", apiKey: "k", edition: "spec" },
          { now: () => 0, random: () => 0.5, limits },
        ),
        (effect: Effect): EffectResult => (effect.type === "fetch" ? { status: 200, body } : undefined),
      );
    expect(failure(() => call(EXCEL_LIMITS)).message).toMatch(
      /a cell of 'name' would hold 40,000 characters, more than Excel takes in a cell \(32,767\)/,
    );
    expect(call(SHEETS_LIMITS).cells[1][0]).toHaveLength(40_000);
  });

  test("past Sheets' 50,000 characters a text cell is cut with a marker there, and still refused elsewhere", () => {
    const body = JSON.stringify([{ name: "x".repeat(50_001), other: "y".repeat(50_000) }]);
    const call = (limits: typeof EXCEL_LIMITS) =>
      runSync(
        callFunction(
          functionNamed("GET"),
          ["v1/x/"],
          { baseUrl: "http://127.0.0.1:9", apiKey: "k", edition: "spec" },
          { now: () => 0, random: () => 0.5, limits },
        ),
        (effect: Effect): EffectResult => (effect.type === "fetch" ? { status: 200, body } : undefined),
      );
    const [name, other] = call(SHEETS_LIMITS).cells[1] as string[];
    expect(name).toHaveLength(50_000);
    expect(name).toBe(`${"x".repeat(50_000 - 35)}… [cut by MDQ at 50,000 characters]`);
    expect(other).toBe("y".repeat(50_000));
    expect(failure(() => call(CLI_LIMITS)).message).toMatch(/a cell of 'name' would hold 50,001 characters/);
  });

  test('a key such as "__proto__" in a map-shaped field stays a column', () => {
    const table = recordTable({ revenue_breakdown: numMap }).decode([{ revenue_breakdown: JSON.parse('{"coal": 2, "__proto__": 5}') }]);
    expect(table.columns).toEqual(["revenue_breakdown.coal", "revenue_breakdown.__proto__"]);
    expect(table.rows).toEqual([[2, 5]]);
  });
});

describe("valid answers kept whole (a tolerant reader)", () => {
  test("a list where one value was expected is its items joined as text, not a refusal of the answer", () => {
    const screen = recordTable({ symbol: str, query_values: dict(num) }).decode([
      { symbol: "BBCA.JK", query_values: { pe: 21.5, indices: ["LQ45", "IDX30"] } },
      { symbol: "TLKM.JK", query_values: { pe: "12.0", indices: [] } },
    ]);
    expect(screen.columns).toEqual(["symbol", "query_values.pe", "query_values.indices"]);
    expect(screen.rows).toEqual([
      ["BBCA.JK", 21.5, "LQ45, IDX30"],
      ["TLKM.JK", 12, ""],
    ]);
    expect(str.decode(["a", 1, true, null])).toBe("a, 1, true, ");
  });

  test("one record where a list of them was expected (a filing's price_transaction) is a list of one", () => {
    const filings = recordTable({ symbol: str, price_transaction: joined({ price: num, amount_transacted: num }) }).decode([
      {
        symbol: "BBCA.JK",
        price_transaction: [
          { price: 9000, amount_transacted: 10 },
          { price: 9100, amount_transacted: 5 },
        ],
      },
      { symbol: "BBRI.JK", price_transaction: { price: 4000, amount_transacted: 7 } },
    ]);
    expect(filings.rows).toEqual([
      ["BBCA.JK", "9000, 9100", "10, 5"],
      ["BBRI.JK", "4000", "7"],
    ]);
  });

  test("a field beside the rankings (a date, a count, null) is left out, the rankings kept", () => {
    const body = JSON.stringify({
      pe: [{ symbol: "1155", company_name: "Maybank", pe: 12.5 }],
      generated_at: "2025-06-30",
      count: 1,
      note: null,
    });
    expect(serve("KLSE_TOP", ["pe", "", ""], body).cells).toEqual([
      ["classification", "rank", "symbol", "company_name", "value"],
      ["pe", 1, "1155", "Maybank", 12.5],
    ]);
  });

  test("top changes: a number, boolean or null beside the classifications or the periods is left out", () => {
    const body = JSON.stringify({
      top_gainers: { "1d": [{ name: "Bank Central Asia", symbol: "BBCA.JK", price_change: 0.02 }], total: 3 },
      generated: true,
      stale: null,
    });
    const handle = (effect: Effect): EffectResult => (effect.type === "fetch" ? { status: 200, body } : undefined);
    const settings = { baseUrl: "http://127.0.0.1:9", apiKey: "k", edition: "live" as const };
    const { cells } = runSync(callFunction(functionNamed("TOP_CHANGES"), [], settings, { now: () => 0, random: () => 0.5 }), handle);
    expect(cells.slice(1).map((r) => r.slice(0, 4))).toEqual([["top_gainers", "1d", 1, "BBCA.JK"]]);
  });

  test("what is not the service's at all is still refused", () => {
    expect(() => num.decode({ a: 1 })).toThrow();
    expect(() => str.decode([{ a: 1 }])).toThrow();
  });
});

describe("limits checked before any request", () => {
  const refusal = (name: string, args: unknown[], limits = CLI_LIMITS) => {
    let sent = 0;
    const error = failure(() =>
      runSync(
        callFunction(
          functionNamed(name),
          args as never,
          { baseUrl: "http://127.0.0.1:9", apiKey: "k", edition: "spec" },
          { now: () => 0, random: () => 0.5, limits },
        ),
        (effect: Effect): EffectResult => {
          if (effect.type === "fetch") sent++;
          return effect.type === "fetch" ? { status: 200, body: "[]" } : undefined;
        },
      ),
    );
    expect(sent).toBe(0);
    return error.message;
  };
  const tickers = (count: number) =>
    Array.from(
      { length: count },
      (_, i) =>
        `${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + ((i / 26) % 26))}${String.fromCharCode(65 + ((i / 676) % 26))}A`,
    ).join(",");

  test("a URL longer than the host sends names the argument that made it long", () => {
    expect(refusal("NEWS", [tickers(10_000)])).toMatch(
      /^MDQ: 'tickers' makes the request [\d,]+ characters long, more than the command line sends \(8,192\): split 'tickers' over several calls\.$/,
    );
    expect(refusal("NEWS", [tickers(300)], SHEETS_LIMITS)).toMatch(/more than Google Sheets sends \(2,048\)/);
  });

  test("INDEX and DAILY windows that end before the first day of the data (one that only starts before it is answered from there)", () => {
    expect(refusal("INDEX", ["lq45", "2018-06-01", "2018-12-31"])).toMatch(
      /'end' must be 2019-01-02 or later, the first day of the service's data \(got 2018-12-31\)/,
    );
    expect(refusal("DAILY", ["BBCA", "", "2018-06-30"])).toMatch(/'end' must be 2019-01-02 or later/);
  });

  test("fields= names the function's columns cannot have; names it can have still pass", () => {
    expect(refusal("INDEX", ["lq45", "", "", "fields=close"])).toMatch(
      /'fields' must be a comma list of column names \(available: index_code, date, price\) \(got "close"\)/,
    );
    const served = serve(
      "INDEX",
      ["lq45", "", "", "fields=price,date"],
      JSON.stringify([{ index_code: "LQ45", date: "2025-06-02", price: 900 }]),
    );
    expect(served.cells).toEqual([
      ["price", "date"],
      [900, "2025-06-02"],
    ]);
    // Under a map field (one column per category or year) any name may come.
    const settings = { baseUrl: "http://127.0.0.1:9", apiKey: "k", edition: "spec" as const };
    expect(
      prepare(functionNamed("MINING_FINANCIALS"), ["ADRO", "", "fields=year,revenue_breakdown.coal"], settings).display.fields,
    ).toEqual(["year", "revenue_breakdown.coal"]);
  });

  test(`a live call of one request per ticker takes at most ${MAX_EACH} tickers`, () => {
    let sent = 0;
    const error = failure(() =>
      runSync(
        callFunction(
          functionNamed("FILINGS"),
          [tickers(MAX_EACH + 1)],
          { baseUrl: "http://127.0.0.1:9", apiKey: "k", edition: "live" },
          { now: () => 0, random: () => 0.5 },
        ),
        (effect: Effect): EffectResult => {
          if (effect.type !== "fetch") return undefined;
          sent++;
          return { status: 200, body: "[]" };
        },
      ),
    );
    expect(sent).toBe(0);
    expect(error.message).toMatch(new RegExp(`'tickers' lists ${MAX_EACH + 1} items; .* at most ${MAX_EACH} per call`));
  });

  test("settings that cannot work are refused: a key beyond Latin-1, a base URL with a query, fragment or user", () => {
    const attempt = (baseUrl: string, apiKey: string) => failure(() => checkSettings({ baseUrl, apiKey })).message;
    expect(attempt("https://api.example.com", "sk-live-2024€-0123456789")).toMatch(/characters an HTTP header cannot carry/);
    expect(attempt("https://api.example.com", "sk-live-2024€-0123456789")).not.toContain("sk-live");
    for (const url of [
      "https://api.example.com/?",
      "https://api.example.com/#",
      "https://api.example.com/?a=1",
      "https://me:pw@api.example.com",
    ])
      expect(attempt(url, "k")).toMatch(/without a query, fragment or user name/);
    expect(() => checkSettings({ baseUrl: "https://api.example.com", apiKey: "k" })).not.toThrow();
  });
});

describe("arguments", () => {
  test("Excel serials 1-60 are the days Excel shows (its 1900 leap day included)", () => {
    expect([1, 2, 59, 60, 61, 45306].map(serialToIso)).toEqual([
      "1900-01-01",
      "1900-01-02",
      "1900-02-28",
      "1900-02-29",
      "1900-03-01",
      "2024-01-15",
    ]);
  });

  test("accented letters in a name are folded into its slug, not dropped", () => {
    expect(toSlug("Öl & Gas")).toBe("ol-gas");
    expect(toSlug("Café Société")).toBe("cafe-societe");
    expect(toSlug("Straße")).toBe("strasse");
    expect(toSlug("Oil, Gas & Coal")).toBe("oil-gas-coal");
  });
});

describe("a shared back-off", () => {
  test("a pause holds every call until it ends; then one call goes first and the others wait for it", () => {
    const board = new PauseBoard();
    expect(board.turn("s", 0)).toEqual({ go: true, probe: false });
    board.pause("s", 1000);
    expect(board.holds("s", 999)).toBe(true);
    expect(board.turn("s", 400)).toEqual({ go: false, waitMs: 600, until: 1000 });
    expect(board.turn("s", 1000)).toEqual({ go: true, probe: true });
    expect(board.turn("s", 1000)).toEqual({ go: false, waitMs: PROBE_POLL_MS, until: 1000 + PROBE_POLL_MS });
    expect(board.turn("other", 1000)).toEqual({ go: true, probe: false });
    board.resume("s");
    expect(board.turn("s", 1001)).toEqual({ go: true, probe: false });
  });

  test("under a 429 storm, 20 calls of one runtime send their first requests and then one per pause", () => {
    // A synchronous host driving 20 calls in turn on one clock and one board, as one Apps Script
    // execution does: every call past the first finds the service paused and waits its turn.
    let now = 0;
    let sent = 0;
    const pauses = new PauseBoard();
    const env: Env = { now: () => now, random: () => 0.5, pauses, policy: { deadlineMs: 4000 } };
    const handle = (effect: Effect): EffectResult => {
      if (effect.type === "sleep") now += effect.ms;
      if (effect.type !== "fetch") return undefined;
      sent++;
      now += 10;
      return { status: 429, body: '{"message":"Rate limit exceeded."}', retryAfter: "1" };
    };
    const errors = Array.from({ length: 20 }, (_, i) =>
      failure(() =>
        runSync(
          callFunction(
            functionNamed("INDEX"),
            ["lq45", "", `2025-06-${String(i + 1).padStart(2, "0")}`],
            { baseUrl: "http://127.0.0.1:9", apiKey: "k", edition: "spec" },
            env,
          ),
          handle,
        ),
      ),
    );
    for (const e of errors) expect(e.kind).toBe("rate_limited");
    const rounds = Math.ceil(now / 1000);
    expect(sent).toBeLessThanOrEqual(20 + rounds);
  });

  test("an answer past the limit is final: no retry, and it says what to do", () => {
    let sent = 0;
    const error = failure(() =>
      runSync(
        callFunction(
          functionNamed("INDEX"),
          ["lq45"],
          { baseUrl: "http://127.0.0.1:9", apiKey: "k", answerMb: 3, edition: "spec" },
          { now: () => 0, random: () => 0.5 },
        ),
        (effect: Effect): EffectResult => {
          if (effect.type !== "fetch") return undefined;
          sent++;
          expect(effect.maxBytes).toBe(3 * 1_048_576);
          return { failure: "too_large", message: "past the limit" };
        },
      ),
    );
    expect(sent).toBe(1);
    expect(error).toBeInstanceOf(MdqError);
    expect(error.message).toBe(
      "MDQ: the answer is larger than MDQ accepts (3 MB): narrow it with fields=, n= or dates, or raise the answer limit in MDQ settings.",
    );
  });
});
