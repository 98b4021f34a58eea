// Excel's blank-as-0 (older desktop builds, office-js#4702) read back as blank, for every argument
// of every function, typed by its kind: where the kind has no 0, a 0 builds exactly the request
// (or the refusal) a blank cell builds; where it has one, the 0 is sent as it is. Ranges and
// two-column options ranges skip their 0 cells. Only a host that passes blanks as 0 reads its
// cells this way: the core alone still refuses a 0 typed where it is not allowed.

import type { CellValue } from "../../../shared/base/cells";
import type { Edition } from "../../../shared/base/editions";
import { CATALOGUE, functionNamed } from "../../../shared/catalogue/catalogue";
import { blankZeros } from "../../../shared/input/blank-zeros";
import { prepare } from "../../../shared/request/prepare";
import type { FunctionSpec } from "../../../shared/rows/function-spec";

const settingsFor = (fn: FunctionSpec) => ({
  baseUrl: "https://api.example.com",
  apiKey: "k",
  edition: Object.keys(fn.editions)[0] as Edition,
});

/** The URL a call builds, or the message it is refused with. */
function outcome(fn: FunctionSpec, args: readonly CellValue[]): string {
  try {
    return prepare(fn, args, settingsFor(fn)).request.url;
  } catch (e) {
    return `refused: ${(e as Error).message}`;
  }
}

const withArg = (fn: FunctionSpec, i: number, value: CellValue): CellValue[] => {
  const args: CellValue[] = fn.args.map((_, j) => fn.example[j] ?? null);
  args[i] = value;
  return args;
};

const cases = CATALOGUE.flatMap((fn) => fn.args.map((arg, i) => [`${fn.name}.${arg.name}`, fn, i] as const));

test.each(cases)("%s: a 0 from Excel is a blank cell, or a value where the kind takes 0", (_, fn, i) => {
  const zero = outcome(fn, blankZeros(fn, withArg(fn, i, 0)));
  if (fn.args[i].kind.zero === "blank") {
    expect(zero).toBe(outcome(fn, withArg(fn, i, null)));
    // In a range too (a 1×1 range, and a 0 cell among blanks).
    expect(outcome(fn, blankZeros(fn, withArg(fn, i, [[0]])))).toBe(outcome(fn, withArg(fn, i, null)));
  } else {
    expect(zero).toBe(outcome(fn, withArg(fn, i, 0)));
    expect(zero).not.toMatch(/^refused/);
  }
});

test("the arguments that take 0 as a value: offsets and minimums, nothing else", () => {
  const takesZero = CATALOGUE.flatMap((fn) => [...fn.args, ...fn.options].filter((a) => a.kind.zero === "value").map((a) => a.name));
  // VALUE's cover is a minimum too: the latest quarters its request reaches at least (0: none).
  expect([...new Set(takesZero)].sort()).toEqual([
    "cover",
    "min_mcap_billion",
    "min_mcap_million",
    "min_participants",
    "min_production",
    "offset",
  ]);
});

const find = (name: string) => CATALOGUE.find((fn) => fn.name === name)!;

test("n_quarters, report_date and approx of 0 are blanks: the same request as none (not #VALUE!, not approx=false)", () => {
  const fn = find("QUARTERLY");
  expect(outcome(fn, ["BBCA", 0, 0, 0])).toMatch(/^refused: MDQ: 'n_quarters' must be a whole number from 1 to 100 \(got 0\)/);
  expect(outcome(fn, blankZeros(functionNamed("QUARTERLY"), ["BBCA", 0, 0, 0]))).toBe(outcome(fn, ["BBCA"]));
  expect(outcome(fn, blankZeros(functionNamed("QUARTERLY"), ["BBCA", 4, null, 0]))).not.toMatch(/approx/);
  expect(outcome(fn, blankZeros(functionNamed("QUARTERLY"), ["BBCA", 4, null, false]))).toMatch(/approx=false/);
});

test("0 cells inside a tickers range are skipped", () => {
  const fn = find("NEWS");
  const range = [["BBCA"], [0], ["TLKM"], [0]];
  expect(outcome(fn, [range])).toMatch(/^refused: MDQ: 'tickers' must be/);
  expect(outcome(fn, blankZeros(functionNamed("NEWS"), [range]))).toBe(outcome(fn, ["BBCA,TLKM"]));
});

test("a two-column options range: 0 rows skipped, 0 values blank where the option has no 0, a real 0 offset kept", () => {
  const filings = find("FILINGS");
  const range = [
    ["n", 5],
    [0, 0],
    ["transaction_type", 0],
    ["headers", 0],
  ];
  expect(outcome(filings, ["BBCA", null, null, range])).toMatch(/^refused/);
  expect(outcome(filings, blankZeros(functionNamed("FILINGS"), ["BBCA", null, null, range]))).toBe(
    outcome(filings, ["BBCA", null, null, "n=5"]),
  );
  const commodity = find("GLOBAL_COMMODITY");
  const withOffset = blankZeros(functionNamed("GLOBAL_COMMODITY"), ["Coal", null, [["offset", 0]]]);
  expect(outcome(commodity, withOffset)).toMatch(/[?&]offset=0(&|$)/);
  // The options cell itself blank (passed as 0): no options.
  expect(outcome(filings, blankZeros(functionNamed("FILINGS"), ["BBCA", null, null, 0]))).toBe(outcome(filings, ["BBCA"]));
});

test("arguments without a 0 nor a range are read as they came, the list itself; one with a 0 is a new list", () => {
  const quarterly = functionNamed("QUARTERLY");
  const plain = ["BBCA", 4, null, "headers=false"];
  expect(blankZeros(quarterly, plain)).toBe(plain);
  const zero = ["BBCA", 0, null, null];
  expect(blankZeros(quarterly, zero)).not.toBe(zero);
  expect(blankZeros(quarterly, zero)).toEqual(["BBCA", null, null, null]);
  expect(zero).toEqual(["BBCA", 0, null, null]);
});
