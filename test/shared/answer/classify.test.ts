// Error classification (status + body → the MdqError a user can act on) for every status and body
// family of service-facts.md, and the retry behaviour through the executor, driven by a fake
// clock that only moves when the executor sleeps or a fetch takes time.

import { classify } from "../../../shared/answer/classify";
import { decode } from "../../../shared/answer/decode";
import { listOf, num, record, str } from "../../../shared/answer/response";
import type { CellValue } from "../../../shared/base/cells";
import { liveNotSpec } from "../../../shared/base/editions";
import { MdqError } from "../../../shared/base/errors";
import type { HttpResponse, TransportFailure } from "../../../shared/base/http";
import { functionNamed } from "../../../shared/catalogue/catalogue";
import { runSync } from "../../../shared/drive/drivers";
import type { Effect, EffectResult } from "../../../shared/rows/effects";
import { callFunction } from "../../../shared/run/call";
import type { RetryPolicy } from "../../../shared/run/retry-policy";
import { failure, fixture } from "../harness";

const NOW = Date.UTC(2026, 10, 22, 3, 0, 0); // a whole second, so HTTP dates are exact

type Answer = HttpResponse | TransportFailure;

interface Drive {
  answers: Answer[];
  name?: string;
  args?: CellValue[];
  apiKey?: string;
  random?: number;
  policy?: Partial<RetryPolicy>;
  /** Milliseconds each fetch takes on the fake clock. */
  fetchMs?: number;
}

interface Driven {
  cells?: unknown[][];
  attempts?: number;
  error?: MdqError;
  notes?: string[];
  sleeps: number[];
  fetches: Array<{ at: number; timeoutMs: number; url: string; authorization: string }>;
  cacheKeys: string[];
}

/** Run one call; answers are served in order, the last one repeated. */
function drive(d: Drive): Driven {
  let clock = NOW;
  const out: Driven = { sleeps: [], fetches: [], cacheKeys: [] };
  const handler = (effect: Effect): EffectResult => {
    switch (effect.type) {
      case "fetch": {
        out.fetches.push({
          at: clock - NOW,
          timeoutMs: effect.timeoutMs,
          url: effect.request.url,
          authorization: effect.request.headers.Authorization,
        });
        clock += d.fetchMs ?? 0;
        return d.answers[Math.min(out.fetches.length, d.answers.length) - 1];
      }
      case "sleep":
        out.sleeps.push(effect.ms);
        clock += effect.ms;
        return undefined;
      case "cacheGet":
      case "cachePut":
        out.cacheKeys.push(effect.key);
        return undefined;
    }
  };
  const env = { now: () => clock, random: () => d.random ?? 0.5, policy: d.policy };
  try {
    const result = runSync(
      callFunction(
        functionNamed(d.name ?? "COMPANIES"),
        d.args ?? ["banks"],
        // The edition named: under auto a 410 moves the base URL to live (test/shared/run/edition-auto.test.ts).
        { baseUrl: "http://127.0.0.1:9", apiKey: d.apiKey ?? "k", edition: "spec" },
        env,
      ),
      handler,
    );
    out.cells = result.cells;
    out.attempts = result.attempts;
    out.notes = result.notes;
  } catch (e) {
    if (!(e instanceof MdqError)) throw e;
    out.error = e;
  }
  return out;
}

const json = (value: unknown) => JSON.stringify(value);
const ok: HttpResponse = { status: 200, body: fixture("companies.json") };
const classified = (response: HttpResponse): MdqError => failure(() => classify(response, NOW));

describe("classification of each status and body family", () => {
  const cases: Array<[string, HttpResponse, string, string]> = [
    [
      "400 {error}",
      { status: 400, body: json({ error: "Invalid 'sort_by' value. Pick one of: symbol, revenue." }) },
      "bad_request",
      "MDQ: the service rejected the request (400): Invalid 'sort_by' value. Pick one of: symbol, revenue. Check the arguments.",
    ],
    [
      "400 {error} without a full stop",
      { status: 400, body: json({ error: "Query parameter 'ticker' is missing" }) },
      "bad_request",
      "MDQ: the service rejected the request (400): Query parameter 'ticker' is missing. Check the arguments.",
    ],
    [
      "401 {error, message} shows the message",
      { status: 401, body: json({ error: "SUBSCRIPTION_DOES_NOT_ALLOW", message: "This plan does not include the endpoint." }) },
      "auth",
      "MDQ: the API key was refused (401): This plan does not include the endpoint. Check the key in MDQ settings, your plan and your credits.",
    ],
    [
      "403 {error, message} shows the message",
      { status: 403, body: json({ error: "CREDITS_EXHAUSTED", message: "No credits left this month." }) },
      "auth",
      "MDQ: the API key was refused (403): No credits left this month. Check the key in MDQ settings, your plan and your credits.",
    ],
    [
      "403 {error} only",
      { status: 403, body: json({ error: "Forbidden" }) },
      "auth",
      "MDQ: the API key was refused (403): Forbidden. Check the key in MDQ settings, your plan and your credits.",
    ],
    [
      "401 {detail}",
      { status: 401, body: json({ detail: "Invalid token." }) },
      "auth",
      "MDQ: the API key was refused (401): Invalid token. Check the key in MDQ settings, your plan and your credits.",
    ],
    [
      "404 {error}",
      { status: 404, body: json({ error: "No mining company with this id." }) },
      "not_found",
      "MDQ: not found (404): No mining company with this id. Check the ticker, code or id.",
    ],
    [
      "410 v1 retired",
      { status: 410, body: json({ code: "v1_discontinued", message: "The v1 API is retired, use v2." }) },
      "gone",
      "MDQ: this service path was retired (410): The v1 API is retired, use v2. The provider's current API is MDQ's live edition: set the edition to live in MDQ settings, or point the base URL at an address that serves the spec edition (MDQ's sandbox serves it under /spec) in MDQ settings.",
    ],
    [
      "410 with only a code",
      { status: 410, body: json({ code: "v1_discontinued" }) },
      "gone",
      "MDQ: this service path was retired (410): v1_discontinued. The provider's current API is MDQ's live edition: set the edition to live in MDQ settings, or point the base URL at an address that serves the spec edition (MDQ's sandbox serves it under /spec) in MDQ settings.",
    ],
    [
      "410 naming where the spec edition is",
      { status: 410, body: json({ error: "v1_discontinued", message: "Retired.", spec_edition_path: "/spec" }) },
      "gone",
      "MDQ: this service path was retired (410): Retired. The provider's current API is MDQ's live edition: set the edition to live in MDQ settings, or point the base URL at this server's spec edition, its address followed by /spec, in MDQ settings.",
    ],
    [
      "429 {code, message}",
      { status: 429, body: json({ code: 429, message: "Too many requests." }) },
      "rate_limited",
      "MDQ: the service's rate limit was reached (429): Too many requests. Wait a minute, then recalculate.",
    ],
    [
      "429 {error, message}",
      { status: 429, body: json({ error: "RATE_LIMIT_EXCEEDED", message: "Slow down, please." }) },
      "rate_limited",
      "MDQ: the service's rate limit was reached (429): Slow down, please. Wait a minute, then recalculate.",
    ],
    [
      "500 {error}",
      { status: 500, body: json({ error: "Internal failure" }) },
      "server",
      "MDQ: the service failed (500): Internal failure. Try again in a few minutes.",
    ],
    [
      "502 HTML page",
      { status: 502, body: "<html><body><h1>502 Bad Gateway</h1></body></html>" },
      "server",
      "MDQ: the service failed (502): an error page. Try again in a few minutes.",
    ],
    ["503 empty body", { status: 503, body: "" }, "server", "MDQ: the service failed (503): no details. Try again in a few minutes."],
    [
      "504 plain text",
      { status: 504, body: "upstream request timeout" },
      "server",
      "MDQ: the service failed (504): upstream request timeout. Try again in a few minutes.",
    ],
    [
      "401 HTML page",
      { status: 401, body: "\n  <!DOCTYPE html><title>Unauthorized</title>" },
      "auth",
      "MDQ: the API key was refused (401): an error page. Check the key in MDQ settings, your plan and your credits.",
    ],
    ["404 plain text", { status: 404, body: "Not Found" }, "not_found", "MDQ: not found (404): Not Found. Check the ticker, code or id."],
    [
      "400 truncated JSON",
      { status: 400, body: '{"error": "Invalid' },
      "bad_request",
      "MDQ: the service rejected the request (400): no details. Check the arguments.",
    ],
    [
      "200 HTML page",
      { status: 200, body: "<!doctype html><html><head><title>Welcome</title></head></html>" },
      "malformed",
      "MDQ: the service sent a web page instead of data (200). Check the base URL points at the API, then try again.",
    ],
    [
      "200 empty body",
      { status: 200, body: "" },
      "malformed",
      "MDQ: the service sent an empty answer (200). Check the base URL points at the API.",
    ],
    [
      "200 blank body",
      { status: 200, body: " \r\n " },
      "malformed",
      "MDQ: the service sent an empty answer (200). Check the base URL points at the API.",
    ],
    [
      "200 truncated JSON",
      { status: 200, body: '[{"symbol": "BKPA.JK", "company_na' },
      "malformed",
      "MDQ: the service sent data that is not valid JSON (cut short?) (200). Check the base URL points at the API, then try again.",
    ],
    ["302 redirect", { status: 302, body: "" }, "bad_request", "MDQ: the service gave an unexpected answer (302): no details."],
    [
      "418 {error}",
      { status: 418, body: json({ error: "I'm a teapot" }) },
      "bad_request",
      "MDQ: the service gave an unexpected answer (418): I'm a teapot.",
    ],
  ];

  test.each(cases)("%s", (_label, response, kind, message) => {
    const e = classified(response);
    expect(e.kind).toBe(kind);
    expect(e.message).toBe(message);
    if (response.status !== 200) expect(e.status).toBe(response.status);
  });

  test("a 2xx JSON body is the parsed data", () => {
    expect(classify({ status: 200, body: '[{"a": 1}]' }, NOW)).toEqual([{ a: 1 }]);
    expect(classify({ status: 203, body: "{}" }, NOW)).toEqual({});
  });

  test("a long or multi-line service message becomes one line of at most 200 characters", () => {
    const e = classified({ status: 400, body: json({ error: `Line one\n\n  line two ${"x".repeat(300)}` }) });
    const said = e.message.slice("MDQ: the service rejected the request (400): ".length, -". Check the arguments.".length);
    expect(said.startsWith("Line one line two xxx")).toBe(true);
    expect(said).toHaveLength(200);
    expect(said.endsWith("...")).toBe(true);
  });

  describe("Retry-After of a 429", () => {
    const limited = (retryAfter?: string | null) =>
      classified({ status: 429, body: json({ code: 429, message: "Too many requests." }), retryAfter });

    test("absent: no wait asked", () => {
      expect(limited().retryAfter).toBeUndefined();
      expect(limited(null).retryAfter).toBeUndefined();
      expect(limited("").retryAfter).toBeUndefined();
    });
    test("seconds", () => {
      expect(limited("7").retryAfter).toBe(7);
      expect(limited(" 2.5 ").retryAfter).toBe(2.5);
    });
    test("an HTTP date: the seconds from now", () => {
      expect(limited(new Date(NOW + 12_000).toUTCString()).retryAfter).toBe(12);
      expect(limited(new Date(NOW - 5_000).toUTCString()).retryAfter).toBe(0);
    });
    test("unreadable: ignored", () => {
      expect(limited("soon").retryAfter).toBeUndefined();
    });
  });
});

describe("through the executor", () => {
  test("a 200 answer of the wrong shape for the function is malformed, not retried", () => {
    const wrong = [
      ["COMPANIES", ["banks"], json({ error: "Something happened." })],
      ["QUARTERLY", ["BKPA"], json("statement")],
      ["SALES_DESTINATION", ["BRSG"], json([{ year: 2024 }])],
      ["MINING_COMPANY", [11], json([1, 2, 3])],
      ["FILINGS", [], "null"],
    ] as const;
    for (const [name, args, body] of wrong) {
      const r = drive({ name, args: [...args], answers: [{ status: 200, body }] });
      expect(r.error?.kind).toBe("malformed");
      // A whole answer of the wrong kind: what came, and the base URL to check.
      expect(r.error?.message).toMatch(
        new RegExp(
          `^MDQ: the service's answer for ${name} has an unexpected shape: .+ was expected, .+ came\\. Check the base URL points at the Market Data Query Service\\.$`,
        ),
      );
      expect(r.fetches).toHaveLength(1);
      expect(r.sleeps).toEqual([]);
    }
  });

  test("one odd record is a row with what reads, its odd field empty and said in a note; the call is kept", () => {
    const body = json([
      { symbol: "KOPI.JK", date: "2024-03-31", revenue: 1 },
      { symbol: "KOPI.JK", date: "2024-06-30", revenue: { a: 1 }, earnings: 2 },
      7,
    ]);
    const r = drive({ name: "QUARTERLY", args: ["KOPI"], answers: [{ status: 200, body }] });
    expect(r.error).toBeUndefined();
    expect(r.cells?.length).toBeGreaterThan(1);
    expect(r.notes).toEqual([
      "the answer was read in part: record 2 (date 2024-06-30), `revenue`: a number was expected, an object came; left empty",
      "the answer was read in part: record 3 is a number, not a record; left out",
    ]);
  });

  test("a part of the wrong kind inside a right answer is named, and the base URL is not blamed", () => {
    const schema = record({ symbol: str, prices: listOf(num) });
    expect(() => decode(schema, { symbol: "KOPI", prices: [1, { close: 2 }] }, "DAILY", "spec")).toThrow(
      "MDQ: the service's answer for DAILY has an unexpected shape at `prices.1`: a number was expected, an object came.",
    );
    expect(() => decode(schema, [1, 2], "DAILY", "spec")).toThrow(
      "MDQ: the service's answer for DAILY has an unexpected shape: an object was expected, a list came. Check the base URL points at the Market Data Query Service.",
    );
  });

  test.each([
    ["400", { status: 400, body: json({ error: "Bad sub_sector." }) }, "bad_request"],
    ["401", { status: 401, body: json({ error: "INVALID", message: "Unknown key." }) }, "auth"],
    ["403", { status: 403, body: json({ error: "Forbidden" }) }, "auth"],
    ["404", { status: 404, body: json({ error: "Not here." }) }, "not_found"],
    ["410", { status: 410, body: json({ code: "v1_discontinued" }) }, "gone"],
    ["422", { status: 422, body: json({ error: "Unprocessable." }) }, "bad_request"],
    ["200 HTML", { status: 200, body: "<html></html>" }, "malformed"],
    ["200 empty", { status: 200, body: "" }, "malformed"],
    ["200 truncated", { status: 200, body: "[{" }, "malformed"],
  ] as Array<[string, HttpResponse, string]>)("%s is never retried", (_label, answer, kind) => {
    const r = drive({ answers: [answer, ok] });
    expect(r.error?.kind).toBe(kind);
    // A 410 to a call set to spec says the server speaks live (test/shared/request/spec-edition.test.ts).
    expect(r.error?.message).toBe(kind === "gone" ? liveNotSpec("http://127.0.0.1:9").message : classified(answer).message);
    expect(r.fetches).toHaveLength(1);
    expect(r.sleeps).toEqual([]);
  });

  test.each([500, 502, 503, 504])("%d is retried with growing, jittered waits and then succeeds", (status) => {
    const r = drive({ answers: [{ status, body: "" }, { status, body: "" }, ok] });
    expect(r.error).toBeUndefined();
    expect(r.attempts).toBe(3);
    expect(r.sleeps).toEqual([375, 750]);
    expect(r.cells?.[1]).toEqual(["BKPA.JK", "Bank Kapuas Tbk", 412000000000000]);
  });

  test("5xx until the attempts run out: the last error, saying how many tries", () => {
    const r = drive({ answers: [{ status: 503, body: json({ error: "Maintenance" }) }] });
    expect(r.fetches).toHaveLength(3);
    expect(r.sleeps).toEqual([375, 750]);
    expect(r.error?.kind).toBe("server");
    expect(r.error?.status).toBe(503);
    expect(r.error?.message).toBe("MDQ: the service failed (503): Maintenance. Try again in a few minutes (after 3 tries).");
  });

  test("jitter: half the wait fixed, half random", () => {
    const server = { status: 500, body: "" };
    expect(drive({ answers: [server], random: 0 }).sleeps).toEqual([250, 500]);
    expect(drive({ answers: [server], random: 1 }).sleeps).toEqual([500, 1000]);
    expect(drive({ answers: [server], random: 0.25 }).sleeps).toEqual([313, 625]);
  });

  test("the policy sets the attempts and caps the wait", () => {
    const server = { status: 500, body: "" };
    expect(drive({ answers: [server], policy: { attempts: 5 } }).sleeps).toEqual([375, 750, 1500, 3000]);
    expect(drive({ answers: [server], policy: { attempts: 5, maxDelayMs: 1000 } }).sleeps).toEqual([375, 750, 750, 750]);
    const once = drive({ answers: [server], policy: { attempts: 1 } });
    expect(once.fetches).toHaveLength(1);
    expect(once.sleeps).toEqual([]);
    expect(once.error?.message).toBe("MDQ: the service failed (500): no details. Try again in a few minutes.");
  });

  test("a network failure is retried, then succeeds", () => {
    const r = drive({ answers: [{ failure: "network", message: "ECONNRESET" }, ok] });
    expect(r.attempts).toBe(2);
    expect(r.sleeps).toEqual([375]);
    expect(r.cells).toHaveLength(4);
  });

  test("network failures until the attempts run out", () => {
    const r = drive({ answers: [{ failure: "network", message: "connection refused" }] });
    expect(r.fetches).toHaveLength(3);
    expect(r.error?.kind).toBe("network");
    expect(r.error?.message).toBe(
      "MDQ: could not reach 127.0.0.1:9 (connection refused). Check the base URL and your connection (after 3 tries).",
    );
  });

  test("a host's own limit is final: one fetch, no wait, the host's sentence as it is", () => {
    const r = drive({ answers: [{ failure: "host_limit", message: "the platform's daily quota is used up. Try again tomorrow." }, ok] });
    expect(r.fetches).toHaveLength(1);
    expect(r.sleeps).toEqual([]);
    expect(r.error?.kind).toBe("host_limit");
    expect(r.error?.message).toBe("MDQ: the platform's daily quota is used up. Try again tomorrow.");
  });

  test("timeouts are retried; each fetch gets the time left before the deadline", () => {
    const r = drive({ answers: [{ failure: "timeout", message: "aborted" }], fetchMs: 4000 });
    expect(r.fetches.map((f) => f.timeoutMs)).toEqual([30000, 30000 - 4375, 30000 - 9125]);
    expect(r.sleeps).toEqual([375, 750]);
    expect(r.error?.kind).toBe("timeout");
    expect(r.error?.message).toBe(
      "MDQ: no answer from 127.0.0.1:9 within 30 s. Try again later; if it persists, check the base URL (after 3 tries).",
    );
  });

  test("429 is retried; without Retry-After with the usual backoff", () => {
    const r = drive({ answers: [{ status: 429, body: json({ code: 429, message: "Too many requests." }) }, ok] });
    expect(r.sleeps).toEqual([375]);
    expect(r.attempts).toBe(2);
  });

  test("Retry-After in seconds is honoured as it is", () => {
    const r = drive({ answers: [{ status: 429, body: json({ error: "RATE_LIMIT_EXCEEDED", message: "Later." }), retryAfter: "4" }, ok] });
    expect(r.sleeps).toEqual([4000]);
    expect(r.fetches.map((f) => f.at)).toEqual([0, 4000]);
    expect(r.attempts).toBe(2);
  });

  test("Retry-After as an HTTP date is honoured", () => {
    const at = new Date(NOW + 6000).toUTCString();
    const r = drive({ answers: [{ status: 429, body: json({ code: 429, message: "Later." }), retryAfter: at }, ok] });
    expect(r.sleeps).toEqual([6000]);
    expect(r.attempts).toBe(2);
  });

  test("429 until the attempts run out", () => {
    const r = drive({ answers: [{ status: 429, body: json({ code: 429, message: "Too many requests." }), retryAfter: "1" }] });
    expect(r.sleeps).toEqual([1000, 1000]);
    expect(r.error?.kind).toBe("rate_limited");
    expect(r.error?.message).toBe(
      "MDQ: the service's rate limit was reached (429): Too many requests. Wait a minute, then recalculate (after 3 tries).",
    );
  });

  test("a Retry-After beyond the deadline: give up at once, and say why", () => {
    const r = drive({ answers: [{ status: 429, body: json({ code: 429, message: "Too many requests." }), retryAfter: "45" }, ok] });
    expect(r.fetches).toHaveLength(1);
    expect(r.sleeps).toEqual([]);
    expect(r.error?.kind).toBe("rate_limited");
    expect(r.error?.retryAfter).toBe(45);
    expect(r.error?.message).toBe(
      "MDQ: the service's rate limit was reached (429): Too many requests. Wait a minute, then recalculate (the service asks to wait 45 s, beyond MDQ's 30 s limit).",
    );
  });

  test("an HTTP-date Retry-After beyond the deadline also gives up at once", () => {
    const r = drive({ answers: [{ status: 429, body: "", retryAfter: new Date(NOW + 120_000).toUTCString() }] });
    expect(r.fetches).toHaveLength(1);
    expect(r.error?.message).toContain("(the service asks to wait 120 s, beyond MDQ's 30 s limit)");
  });

  test("backoff stops when the next wait would pass the deadline, with attempts to spare", () => {
    const r = drive({ answers: [{ status: 500, body: "" }], policy: { attempts: 10, deadlineMs: 5000 }, fetchMs: 1000 });
    // fetch 0-1000, sleep 375, fetch 1375-2375, sleep 750, fetch 3125-4125; 4125 + 1500 > 5000
    expect(r.fetches.map((f) => f.at)).toEqual([0, 1375, 3125]);
    expect(r.fetches.map((f) => f.timeoutMs)).toEqual([5000, 3625, 1875]);
    expect(r.sleeps).toEqual([375, 750]);
    expect(r.error?.kind).toBe("server");
    expect(r.error?.message).toBe("MDQ: the service failed (500): no details. Try again in a few minutes (after 3 tries).");
  });

  test("a wait that ends exactly at the deadline is not taken", () => {
    const r = drive({ answers: [{ status: 500, body: "" }], policy: { attempts: 10, deadlineMs: 1125 } });
    expect(r.sleeps).toEqual([375]);
    expect(r.fetches).toHaveLength(2);
  });
});

describe("the API key never appears in a message", () => {
  const KEY = "3f9a1c7e5b2d48f6a0c1e9b7d3f5a2c4e6b8d0f1a3c5e7b9d2f4a6c8e0b1d3f5";
  const echoes: Array<[string, Answer]> = [
    ["401 message", { status: 401, body: json({ error: "INVALID_KEY", message: `The key ${KEY} is not valid.` }) }],
    ["403 error", { status: 403, body: json({ error: `Key ${KEY} has no credits` }) }],
    ["400 error", { status: 400, body: json({ error: `Invalid query parameters: token=${KEY}.` }) }],
    ["404 error", { status: 404, body: json({ error: `Nothing for ${KEY.toString()}` }) }],
    ["429 message, retried", { status: 429, body: json({ code: 429, message: `Rate limit for ${KEY} reached.` }) }],
    ["500 message, retried", { status: 500, body: json({ error: `crash while handling Authorization: ${KEY}` }) }],
    ["network failure", { failure: "network", message: `proxy refused Authorization=${KEY}` }],
  ];

  test.each(echoes)("%s", (_label, answer) => {
    const r = drive({ answers: [answer], apiKey: KEY });
    expect(r.fetches[0].authorization).toBe(KEY);
    expect(r.error).toBeDefined();
    expect(r.error!.message).not.toContain(KEY);
    expect(r.error!.message).toContain("[key]");
    expect(String(r.error!.stack)).not.toContain(KEY);
    expect(JSON.stringify(r.error)).not.toContain(KEY);
    for (const key of r.cacheKeys) expect(key).not.toContain(KEY);
  });

  test("a key with spaces around it (pasted) is still recognised", () => {
    const r = drive({ answers: [echoes[0][1]], apiKey: `  ${KEY}\n` });
    expect(r.error!.message).not.toContain(KEY);
  });

  test("a short key is redacted as a word, without garbling the rest of the message", () => {
    const echoed = drive({ answers: [{ status: 401, body: json({ error: "key k refused" }) }], apiKey: "k" });
    expect(echoed.error!.message).toBe(
      "MDQ: the API key was refused (401): key [key] refused. Check the key in MDQ settings, your plan and your credits.",
    );
    const bad = drive({ name: "LIST", args: ["tags", "", "extra"], answers: [ok], apiKey: "k" });
    expect(bad.error!.message).toBe("MDQ: LIST takes at most 2 arguments: kind, options");
    expect(bad.fetches).toHaveLength(0);
  });
});
