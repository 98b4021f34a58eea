// dates=date through the built bundle (npm run build first): a date cell is a formatted number
// where office.js says Excel takes data types from custom functions (CustomFunctionsRuntime 1.4),
// the shape Excel documents for its version (ExcelApi 1.19: Double with a number format; before:
// FormattedNumber), and a bare serial wherever that cannot be known.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isoToSerial } from "../../shared/base/cells";
import { DATE_FORMAT, excelDateWriter, READY_WAIT_MS, TIMESTAMP_FORMAT } from "../../src/excel/dates";
import { loadBundle } from "./load-bundle";
import { startCountingSandbox, type TestServer } from "./servers";

let sandbox: TestServer;
beforeAll(async () => {
  sandbox = await startCountingSandbox();
});
afterAll(() => sandbox.close());

/** Office as a host of these requirement sets (name → highest version) would present itself. */
function officeWith(sets: Record<string, string>) {
  const asked: string[] = [];
  const newer = (have: string, want: string) => {
    const [a, b] = [have.split(".").map(Number), want.split(".").map(Number)];
    for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
    return true;
  };
  const isSetSupported = (name: string, version = "1.1") => {
    asked.push(`${name} ${version}`);
    const have = new Map(Object.entries(sets)).get(name);
    return have !== undefined && newer(have, version);
  };
  return { asked, Office: { context: { requirements: { isSetSupported } } } };
}

/** INDEX of LQ45 for June 2025, with the date column's cells (header row dropped). */
async function indexDates(globals: Record<string, unknown>, options = "dates=date") {
  const excel = loadBundle(sandbox.url, { globals });
  const cells = await excel.call("INDEX", "lq45", "2025-06-02", "2025-06-06", [[options]]);
  const at = cells[0].indexOf("date");
  expect(at).toBeGreaterThanOrEqual(0);
  return { cells, dates: cells.slice(1).map((row) => row[at]), text: await textDates(globals) };
}

/** The same cells with ISO text dates. */
async function textDates(globals: Record<string, unknown>) {
  const cells = await loadBundle(sandbox.url, { globals }).call("INDEX", "lq45", "2025-06-02", "2025-06-06", [["dates=text"]]);
  const at = cells[0].indexOf("date");
  return cells.slice(1).map((row) => row[at] as string);
}

test("CustomFunctionsRuntime 1.4 without ExcelApi 1.19: FormattedNumber cells with a yyyy-mm-dd format", async () => {
  const office = officeWith({ CustomFunctionsRuntime: "1.4", ExcelApi: "1.18" });
  const { dates, text, cells } = await indexDates({ Office: office.Office });
  expect(text.length).toBeGreaterThan(0);
  expect(dates).toEqual(text.map((iso) => ({ type: "FormattedNumber", basicValue: isoToSerial(iso), numberFormat: "yyyy-mm-dd" })));
  expect(office.asked).toContain("CustomFunctionsRuntime 1.4");
  // Besides the dates only the typed price carries a format (number-formats.test.ts); the
  // header stays plain text, the code text.
  expect(cells[0].every((c) => typeof c === "string")).toBe(true);
  const at = cells[0].indexOf("price");
  expect(cells.slice(1).every((row) => row.filter((c, i) => typeof c === "object" && i !== at).length === 1)).toBe(true);
});

test("ExcelApi 1.19 as well: Double cells with the number format (Microsoft's current shape)", async () => {
  const { Office } = officeWith({ CustomFunctionsRuntime: "1.5", ExcelApi: "1.19" });
  const { dates, text } = await indexDates({ Office });
  expect(dates).toEqual(text.map((iso) => ({ type: "Double", basicValue: isoToSerial(iso), numberFormat: DATE_FORMAT })));
});

test.each([
  [
    "an Excel without data types for custom functions (CustomFunctionsRuntime 1.3)",
    () => officeWith({ CustomFunctionsRuntime: "1.3" }).Office,
  ],
  ["no office.js at all (the playground, Node)", () => undefined],
  ["office.js not ready (no context yet)", () => ({})],
  [
    "a requirements probe that throws",
    () => ({
      context: {
        requirements: {
          isSetSupported: () => {
            throw new Error("not initialized");
          },
        },
      },
    }),
  ],
])("%s: serial numbers, as before", async (_, office) => {
  const { dates, text } = await indexDates({ Office: office() });
  expect(dates).toEqual(text.map((iso) => isoToSerial(iso)));
});

test("a cell calculated while office.js is still starting waits for Office.onReady, then gets dates", async () => {
  const office: Record<string, unknown> = {};
  const { context } = officeWith({ CustomFunctionsRuntime: "1.4" }).Office;
  // As office.js does: the requirements exist once it has started.
  office.onReady = () =>
    new Promise((resolve) =>
      setTimeout(() => {
        office.context = context;
        resolve(context);
      }, 300),
    );
  const { dates, text } = await indexDates({ Office: office });
  expect(dates).toEqual(text.map((iso) => ({ type: "FormattedNumber", basicValue: isoToSerial(iso), numberFormat: DATE_FORMAT })));
});

test(`an office.js that never becomes ready: serials after ${READY_WAIT_MS / 1000} s, no cell left waiting`, async () => {
  const { context } = officeWith({ CustomFunctionsRuntime: "1.4" }).Office;
  const office = { onReady: () => new Promise(() => undefined), context: { ...context, requirements: undefined } };
  const { dates, text } = await indexDates({ Office: office });
  expect(dates).toEqual(text.map((iso) => isoToSerial(iso)));
});

test("with dates=text the dates stay ISO text, even where data types are supported", async () => {
  const { Office } = officeWith({ CustomFunctionsRuntime: "1.4" });
  const { dates, text } = await indexDates({ Office }, "headers=true; dates=text");
  expect(dates).toEqual(text);
  expect(dates.every((d) => typeof d === "string" && /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
});

test("a timestamp keeps its time of day in the format; text that is not a date is left as it is", () => {
  const write = excelDateWriter(officeWith({ CustomFunctionsRuntime: "1.4" }).Office.context.requirements);
  expect(write("2024-01-15T09:30:00Z")).toEqual({
    type: "FormattedNumber",
    basicValue: isoToSerial("2024-01-15T09:30:00Z"),
    numberFormat: TIMESTAMP_FORMAT,
  });
  expect(write("n/a")).toBeUndefined();
});

test("functions.json lets the functions return data types: allowCustomDataForDataTypeAny, results of type any", () => {
  const path = join(__dirname, "..", "..", "dist", "excel", "functions.json");
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build first`);
  const metadata = JSON.parse(readFileSync(path, "utf8"));
  expect(metadata.allowCustomDataForDataTypeAny).toBe(true);
  for (const fn of metadata.functions) expect(fn.result.type ?? "any").toBe("any");
});

test('with no option, =MDQ.INDEX("lq45") returns date values in its date column where Excel shows dates; ISO text elsewhere', async () => {
  const current = officeWith({ CustomFunctionsRuntime: "1.4", ExcelApi: "1.19" });
  const { dates, text } = await indexDates({ Office: current.Office }, "");
  expect(dates).toEqual(text.map((iso) => ({ type: "Double", basicValue: isoToSerial(iso), numberFormat: "yyyy-mm-dd" })));
  const plain = await loadBundle(sandbox.url, { globals: { Office: current.Office } }).call("INDEX", "lq45");
  const at = plain[0].indexOf("date");
  expect(plain.slice(1).every((row) => typeof row[at] === "object")).toBe(true);
  // An Excel that cannot format a returned date would show a bare serial: text reads better there.
  const older = officeWith({ CustomFunctionsRuntime: "1.3" });
  const { dates: olderDates, text: olderText } = await indexDates({ Office: older.Office }, "");
  expect(olderDates).toEqual(olderText);
});
