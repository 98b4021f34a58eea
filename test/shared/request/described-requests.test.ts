// Every request MDQ plans in the live edition is valid per the provider's description, and every
// answer valid per the description becomes a table. For each live function, calls are generated
// from its own signature: each argument and option blank or one of the values its kind takes
// (its choices, its bounds, dates, booleans, and names from the sandbox's world), kept when the
// core accepts them. Each call runs through the real pipeline against a service that validates
// every request with an OpenAPI validator over src/sandbox/described/live-api.generated.json and
// answers with a random answer generated from the same description.
import fc from "fast-check";
import type { CellValue } from "../../../shared/base/cells";
import { MdqError } from "../../../shared/base/errors";
import { CATALOGUE } from "../../../shared/catalogue/catalogue";
import { runSync } from "../../../shared/drive/drivers";
import type { ArgSpec } from "../../../shared/input/arg-spec";
import type { Effect, EffectResult } from "../../../shared/rows/effects";
import type { FunctionSpec } from "../../../shared/rows/function-spec";
import { callFunction } from "../../../shared/run/call";
import { LiveApi, type Problem } from "../../live-api";

const BASE_URL = "http://127.0.0.1:9";
const SETTINGS = { baseUrl: BASE_URL, apiKey: "k", edition: "live" as const };
const CALLS_PER_FUNCTION = 24;

/** Names the sandbox's world uses: tickers of three markets, slugs, commodities, places, codes. */
const NAMES = [
  "BBCA",
  "BBCA,TLKM",
  "D05",
  "7123",
  "banks",
  "financials",
  "Coal",
  "Nickel",
  "Kalimantan Timur",
  "Indonesia",
  "lq45",
  "pt-bara-sungai-tbk",
  "BRSG",
  "MG",
  "kb",
  "market_cap > 1000",
  "top 5 banks by market cap",
];
const DATES = ["2025-06-02", "2025-06-27", "2024-01-02"];

/** The bounds a numeric kind's rule states (zod's greater_than / less_than checks). */
function bounds(spec: ArgSpec): number[] {
  const checks = (spec.kind.rule._zod.def as { checks?: { _zod: { def: { check: string; value?: unknown } } }[] }).checks ?? [];
  const found = checks.map((c) => c._zod.def.value).filter((v): v is number => typeof v === "number");
  const [low = 0, high = low + 10] = found.sort((a, b) => a - b);
  return [low, high, Math.round((low + high) / 2), 5].filter((v) => v >= low && v <= high);
}

/** Values an argument takes, each one its kind accepts: the example's, the kind's choices and
 *  bounds, and the values the live edition takes where it takes fewer (Endpoint.choices). */
function candidates(fn: FunctionSpec, spec: ArgSpec, example: CellValue | undefined): CellValue[] {
  const kind = spec.kind;
  const pool: CellValue[] = example === undefined || example === "" ? [] : [example];
  pool.push(...(fn.editions.live?.choices?.[spec.name] ?? []));
  pool.push(...(kind.suggestions ?? []).slice(0, 12));
  if (kind.choices) pool.push(...kind.choices, ...(kind.list ? [kind.choices.slice(0, 2).join(",")] : []));
  if (kind.type === "boolean") pool.push(true, false);
  if (kind.type === "whole" || kind.type === "number") pool.push(...bounds(spec));
  if (kind.type === "date") pool.push(...DATES);
  if (kind.type === "text") pool.push(...NAMES);
  return [...new Set(pool)].filter((v) => kind.schema.safeParse(v).data !== undefined);
}

/** An options argument's text for values that may hold commas, never semicolons. */
const optionsText = (picked: [string, CellValue][]) => picked.map(([name, v]) => `${name}=${String(v)}`).join("; ");

/** A generator of whole calls of FN: positional arguments, then the options argument. */
function callsOf(fn: FunctionSpec): fc.Arbitrary<CellValue[]> {
  const example = fn.example;
  const positional = fn.args.map((a, i) => {
    const values = candidates(fn, a, example[i]);
    return values.length ? fc.option(fc.constantFrom(...values), { nil: "" as CellValue, freq: 2 }) : fc.constant("" as CellValue);
  });
  const options = fn.options
    .map((o) => [o.name, candidates(fn, o, undefined)] as const)
    .filter(([, values]) => values.length > 0)
    .map(([name, values]) => fc.option(fc.constantFrom(...values.map((v) => [name, v] as [string, CellValue])), { nil: undefined }));
  return fc
    .tuple(fc.tuple(...positional), fc.tuple(...options))
    .map(([args, picked]) => [...args, optionsText(picked.filter((p): p is [string, CellValue] => p !== undefined))]);
}

/** The example, and its required arguments alone, with one argument or option changed at a time
 *  to each of its first values: every argument and option is reached whatever rules across
 *  arguments make random calls refuse. */
function sweep(fn: FunctionSpec): CellValue[][] {
  const example = fn.args.map((_, i) => fn.example[i] ?? "");
  const required = fn.args.map((a, i) => (a.required ? example[i] : ""));
  const bases: [CellValue[], string][] = [
    [example, String(fn.example[fn.args.length] ?? "")],
    [required, ""],
  ];
  return bases.flatMap(([args, options]) => [
    ...fn.args.flatMap((a, i) =>
      candidates(fn, a, undefined)
        .slice(0, 4)
        .map((v) => [...args.slice(0, i), v, ...args.slice(i + 1), options]),
    ),
    ...fn.options.flatMap((o) =>
      candidates(fn, o, undefined)
        .slice(0, 4)
        .map((v) => [...args, [options, optionsText([[o.name, v]])].filter(Boolean).join("; ")]),
    ),
  ]);
}

interface Outcome {
  urls: string[];
  invalid: { url: string; problems: Problem[] }[];
  error?: MdqError;
}

/** One call against a service that checks every request and answers a random valid answer. */
function run(api: LiveApi, fn: FunctionSpec, args: CellValue[], seed: number): Outcome {
  const outcome: Outcome = { urls: [], invalid: [] };
  const answer = (url: string) => {
    outcome.urls.push(url);
    const problems = api.requestProblems(url);
    if (problems.length) {
      outcome.invalid.push({ url, problems });
      return { status: 400, body: '{"error": "Invalid query parameters."}' };
    }
    return { status: 200, body: JSON.stringify(api.fakeAnswer(url, seed + outcome.urls.length, seed % 2 === 0)) };
  };
  const handler = (effect: Effect): EffectResult => {
    if (effect.type === "fetch") return answer(effect.request.url);
    if (effect.type === "fetchAll") return effect.fetches.map((f) => answer(f.request.url));
    return undefined;
  };
  try {
    runSync(callFunction(fn, args, SETTINGS, { now: () => Date.parse("2026-11-25T03:00:00Z"), random: () => 0.5 }), handler);
  } catch (e) {
    if (!(e instanceof MdqError)) throw e;
    outcome.error = e;
  }
  return outcome;
}

/** A call the core refuses before any request is not planned: it is not a request to check. */
const refusedUnsent = (o: Outcome) => o.urls.length === 0 && o.error?.kind === "bad_argument";

let api: LiveApi;
beforeAll(async () => {
  api = await LiveApi.load();
});

// GET sends the path its user types, whatever it is: there is no plan of MDQ's to check.
const LIVE = CATALOGUE.filter((f) => f.editions.live && f.name !== "GET");

describe.each(LIVE.map((fn) => [fn.name, fn] as const))("%s in the live edition", (_name, fn) => {
  test("every request of generated calls is valid per the description, and random valid answers are never refused as shapes", () => {
    let sent = 0;
    const given = new Set<string>();
    const check = (args: CellValue[], seed: number) => {
      const outcome = run(api, fn, args, seed);
      if (refusedUnsent(outcome)) return;
      sent += 1;
      for (const [i, a] of fn.args.entries()) if (args[i] !== "") given.add(a.name);
      for (const part of String(args[fn.args.length]).split("; ")) given.add(part.split("=")[0]);
      expect({ args, invalid: outcome.invalid }).toEqual({ args, invalid: [] });
      // A random answer may lack what the call looks for (no_data, not found); it is never
      // refused as the wrong shape, nor an internal failure.
      if (outcome.error) {
        expect({ args, kind: outcome.error.kind, message: outcome.error.message }).not.toMatchObject({ kind: "malformed" });
        expect({ args, message: outcome.error.message }).not.toMatchObject({ message: expect.stringMatching(/unexpected failure/) });
      }
    };
    sweep(fn).forEach((args, i) => {
      check(args, i);
    });
    fc.assert(fc.property(callsOf(fn), fc.nat(1_000_000), check), { numRuns: CALLS_PER_FUNCTION, seed: 25 });
    expect(sent).toBeGreaterThan(0);
    // The generator reached every argument and option the core accepts a value of.
    const reachable = [...fn.args, ...fn.options].filter((a) => candidates(fn, a, undefined).length > 0).map((a) => a.name);
    expect(reachable.filter((name) => !given.has(name))).toEqual([]);
  });
});

test("a request the description does not allow fails the check (unknown parameter, wrong type, out of range, unknown path)", () => {
  const bad = [
    `${BASE_URL}/v2/filings/?limit=500`,
    `${BASE_URL}/v2/filings/?colour=red`,
    `${BASE_URL}/v2/filings/?limit=ten`,
    `${BASE_URL}/v2/filings/?transaction_type=gift`,
    `${BASE_URL}/v2/no-such-path/`,
  ];
  for (const url of bad) expect({ url, problems: api.requestProblems(url).length > 0 }).toEqual({ url, problems: true });
  expect(api.requestProblems(`${BASE_URL}/v2/filings/?limit=30&transaction_type=buy`)).toEqual([]);
});
