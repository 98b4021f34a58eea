// Property tests over every catalogue function's arguments: hostile cells either build a request
// whose path and query are properly encoded, or are refused as a bad argument. Never another
// exception, never a request carrying a value its own schema would refuse.

import fc from "fast-check";
import { EDITIONS } from "../../../shared/base/editions";
import { MdqError } from "../../../shared/base/errors";
import { hasOwn } from "../../../shared/base/own";
import { CATALOGUE, findFunction, functionNamed } from "../../../shared/catalogue/catalogue";
import { parseArg } from "../../../shared/input/kinds";
import { DISPLAY_OPTIONS } from "../../../shared/input/options";
import { type PreparedCall, prepare } from "../../../shared/request/prepare";
import type { FunctionSpec } from "../../../shared/rows/function-spec";

const BASE = "https://api.example.com/base";
const settings = { baseUrl: BASE, apiKey: "k" };

const HOSTILE = [
  "BBCA/../admin",
  "../",
  "..",
  ".",
  "?",
  "&",
  "#",
  "%2F",
  "%",
  "a=1&b=2",
  "x\ny",
  "\r\n",
  "\u0000",
  "javascript:alert(1)",
  "BBCA?x=1",
  "BBCA#f",
  "bbca.jk",
  " BBCA ",
  "1155",
  "0166",
  "lq45",
  "LQ45",
  "2024-02-29",
  "2023-02-29",
  "true",
  "FALSE",
  "Oil, Gas & Coal",
  "Kalimantan Timur",
  "ÄÖÜ",
  "😀",
  "\u202e",
  "A".repeat(5000),
  "n=5",
  "headers=false; orient=columns",
  "fields=date,revenue",
  "refresh=1",
  "index=lq45",
  "ticker=BBCA",
  "sector=finance",
  "a;b",
  "=",
  ";",
  "pe,revenue",
  "2023,2024",
];

const scalar = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.integer({ min: -1e6, max: 3e6 }),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant(""),
  fc.date({ min: new Date("1890-01-01"), max: new Date("2200-01-01") }),
);
const cell = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(fc.array(scalar, { maxLength: 3 }), { maxLength: 3 }) },
);

/** The canonical form of a wire value parses to itself: the request carries only valid values. */
function expectCanonical(fn: FunctionSpec, values: Record<string, string | undefined>) {
  for (const arg of [...fn.args, ...fn.options]) {
    const wire = values[arg.name];
    if (wire === undefined) continue;
    expect(parseArg(arg.name, arg.kind, wire)).toBe(wire);
    expect(wire).not.toMatch(/[\u0000-\u001f\u007f]/);
  }
}

function expectEncoded(fn: FunctionSpec, call: PreparedCall) {
  const url = call.request.url;
  expect(url.startsWith(`${BASE}/`)).toBe(true);
  expect(url).not.toMatch(/[\s#\u0000-\u001f]/);
  const rest = url.slice(BASE.length);
  const [path, query = ""] = rest.split("?");
  expect(rest.split("?").length).toBeLessThanOrEqual(2);
  const segments = path.split("/").slice(1);
  for (const s of segments) {
    expect(s).toMatch(/^[A-Za-z0-9._~%-]*$/);
    expect([".", ".."]).not.toContain(decodeURIComponent(s));
  }
  if (fn.name !== "GET" && fn.name !== "LIST") expect(segments.length).toBe(call.endpoint.path.split("/").length - 1);
  // The edition's names for the arguments, and the parameters it derives from them.
  const params = call.endpoint.params ?? {};
  const allowed = new Set([
    ...[...fn.args, ...fn.options]
      .filter((a) => (a.at ?? "query") === "query")
      .map((a) => (hasOwn(params, a.name) ? params[a.name] : a.name)),
    ...Object.keys(call.endpoint.query?.(call.values) ?? {}),
  ]);
  for (const pair of query.split("&").filter(Boolean)) {
    const [name, value, ...more] = pair.split("=");
    expect(more).toEqual([]);
    expect(value).toMatch(/^[A-Za-z0-9._~%,-]*$/);
    if (fn.name !== "GET" && fn.name !== "LIST") expect(allowed.has(name)).toBe(true);
  }
}

const optionsText = fc.oneof(
  cell,
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          ...DISPLAY_OPTIONS.map((o) => o.name),
          "n",
          "limit",
          "offset",
          "index",
          "ticker",
          "sector",
          "sub_industry",
          "n_stock",
          "bogus",
        ),
        scalar,
      ),
      { maxLength: 3 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${k}=${String(v)}`).join("; ")),
);

describe.each(CATALOGUE.flatMap((f) => EDITIONS.map((e) => [f.name, e, f] as const)))("%s, %s edition", (_name, edition, fn) => {
  test("hostile cells build an encoded request or a bad-argument error", () => {
    fc.assert(
      fc.property(fc.array(cell, { minLength: fn.args.length, maxLength: fn.args.length }), optionsText, (args, options) => {
        let call: ReturnType<typeof prepare>;
        try {
          call = prepare(fn, [...args, options], { ...settings, edition });
        } catch (e) {
          expect(e).toBeInstanceOf(MdqError);
          // A bad argument, or one (or a function) this edition does not offer: no request either way.
          expect((e as MdqError).kind).toMatch(/^(bad_argument|unsupported)$/);
          expect((e as MdqError).message.length).toBeLessThan(400);
          return;
        }
        expectEncoded(fn, call);
        expectCanonical(fn, call.values);
      }),
      { numRuns: 300 },
    );
  });
});

test("Title Case is stable where a capital is two letters (ᾀ → Ἀι, ß → Ss): what is sent parses to itself", () => {
  const country = findFunction("GLOBAL_COMMODITY")!.args.find((a) => a.name === "country")!;
  // "ῢ" capitalises to a letter and a combining mark ("Ϋ̀"), which must read back as itself.
  for (const text of ["ᾀ", "ßtraße", "kalimantan timur", "ÄÖÜ öl", "ῢ"]) {
    const wire = parseArg(country.name, country.kind, text)!;
    expect(parseArg(country.name, country.kind, wire)).toBe(wire);
  }
  expect(parseArg(country.name, country.kind, "ßtraße")).toBe("Sstraße");
});

test("a cell holding the API key, whole or a piece at the end of a long text, is refused without quoting it", () => {
  const key = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
  for (const cell of [key, `${"x".repeat(50)}${key}`, `copper ${key.slice(0, 8).toUpperCase()}`, [["BBCA"], [key.slice(20, 40)]]]) {
    let error: MdqError | undefined;
    try {
      prepare(functionNamed("NEWS"), [cell as never], { ...settings, apiKey: key });
    } catch (e) {
      error = e as MdqError;
    }
    expect(error?.kind).toBe("bad_argument");
    expect(error?.message).toMatch(/^MDQ: 'tickers' holds your API key/);
    expect(error?.message.toLowerCase()).not.toContain(key.slice(0, 4));
  }
});

test("the hostile values that must never pass", () => {
  const refused = (name: string, args: unknown[]) => {
    try {
      prepare(functionNamed(name), args as never, settings);
      return false;
    } catch (e) {
      return (e as MdqError).kind === "bad_argument";
    }
  };
  expect(refused("QUARTERLY", ["BBCA/../admin"])).toBe(true);
  expect(refused("MINING_COMPANY", ["1/../2"])).toBe(true);
  expect(refused("GET", ["v1/%2F../"])).toBe(true);
  expect(refused("GET", ["v1/x?y=1"])).toBe(true);
  expect(refused("GET", ["javascript:alert(1)"])).toBe(true);
  expect(refused("MINING_COMPANIES", ["x\ny"])).toBe(true);
  const live = { ...settings, edition: "live" as const };
  for (const step of [".", ".."])
    expect(() => prepare(functionNamed("COMMODITY_PRICE"), [step], live)).toThrow(/'commodity' must be a name or code, not a path step/);
  expect(prepare(functionNamed("MINING_COMPANIES"), ["a&b=c#d?"], settings).request.url).toBe(
    `${BASE}/v2/mining/companies/?keyword=a%26b%3Dc%23d%3F`,
  );
});
