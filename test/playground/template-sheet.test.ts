// The ready workbooks in the playground without a browser: a template opens as its cells' inputs
// (text that reads as a number kept as text), its number formats (the ranges a result spills into
// too) and its own formulas: TODAY()-90 the date 90 days back on the sheet's clock, COUNTIF and
// COUNTA over a spilled result, as Excel computes them; and the grid's look of a formatted number.

import { isoToSerial } from "../../shared/base/cells";
import { TEMPLATES, type Template } from "../../shared/catalogue/templates";
import { parseAddress } from "../../src/playground/address";
import { parseCell } from "../../src/playground/formula";
import { formatted } from "../../src/playground/number-format";
import { type Run, Sheet, type Value } from "../../src/playground/sheet";
import { templateView } from "../../src/playground/templates";

const at = (a: string) => parseAddress(a)!;
const flush = () => new Promise((r) => setTimeout(r, 0));
const template = (id: string) => TEMPLATES.find((t) => t.id === id) as Template;
/** The clock's day: 2026-03-16, at 9 in the morning local time. */
const NOW = new Date(2026, 2, 16, 9, 0, 0);
const TODAY_SERIAL = isoToSerial("2026-03-16") as number;

/** A sheet whose MDQ calls are recorded and answered by the test, on a fixed clock. */
function fakeSheet() {
  const calls: Array<{ name: string; args: unknown[]; answer(cells: Value[][]): void }> = [];
  const sheet = new Sheet(
    120,
    26,
    (name, args): Run => {
      let answer!: (cells: Value[][]) => void;
      const result = new Promise<Value[][]>((res) => {
        answer = res;
      });
      calls.push({ name, args, answer });
      return { result, cancel: () => undefined };
    },
    () => NOW,
  );
  return { sheet, calls };
}

/** Opens a template as the page does: formats first, then the inputs. */
function open(sheet: Sheet, t: Template): void {
  const view = templateView(t);
  const cells = (byAddress: Record<string, string>) =>
    Object.entries(byAddress).map(([a, v]) => [at(a), v] as [ReturnType<typeof at>, string]);
  sheet.setFormats(cells(view.formats));
  sheet.setInputs(cells(view.inputs));
}

describe("a template's view", () => {
  test("its cells as typed: Excel's formulas, its own formulas as written, its values", () => {
    const { inputs, formats } = templateView(template("lq45-tracker"));
    expect(inputs).toMatchObject({ A2: "start", B2: "=TODAY()-90", B3: "=TODAY()", A5: '=MDQ.INDEX("lq45",B2,B3,"fields=date,price")' });
    expect(formats).toMatchObject({ B2: "yyyy-mm-dd", A6: "yyyy-mm-dd", A100: "yyyy-mm-dd", B6: "#,##0.00", B100: "#,##0.00" });
    expect(formats.A101).toBeUndefined();
  });

  test("text that would read as a number stays text: '@' keeps it, else Excel's apostrophe", () => {
    const klse = templateView(template("klse-top"));
    expect([klse.inputs.G3, klse.formats.G3, klse.inputs.G7, klse.formats.G7, klse.formats.G12]).toEqual(["1155", "@", "0166", "@", "@"]);
    const plain: Template = {
      id: "t",
      title: "t",
      file: "t.xlsx",
      notes: [],
      sheets: [
        {
          name: "S",
          cells: [
            { at: "A1", value: "0166" },
            { at: "A2", value: "TRUE" },
            { at: "A3", value: "Coal" },
            { at: "A4", value: 42 },
          ],
        },
      ],
    };
    expect(templateView(plain).inputs).toEqual({ A1: "'0166", A2: "'TRUE", A3: "Coal", A4: "42" });
  });
});

describe("a template opened in the sheet", () => {
  test("the LQ45 tracker: TODAY()-90 and TODAY() are dates on the sheet's clock, read by INDEX as Excel passes them", async () => {
    const { sheet, calls } = fakeSheet();
    open(sheet, template("lq45-tracker"));
    await flush();
    expect(sheet.shown(at("B2"))).toMatchObject({ kind: "value", value: TODAY_SERIAL - 90 });
    expect(sheet.shown(at("B3"))).toMatchObject({ kind: "value", value: TODAY_SERIAL });
    const index = calls.find((c) => c.name === "INDEX");
    expect(index?.args).toEqual(["lq45", TODAY_SERIAL - 90, TODAY_SERIAL, "fields=date,price"]);
    index?.answer([
      ["date", "price"],
      [TODAY_SERIAL - 1, 901.5],
    ]);
    await flush();
    // The spilled cells take the formats of the cells they land on.
    expect([sheet.formatAt(at("A6")), sheet.formatAt(at("B6"))]).toEqual(["yyyy-mm-dd", "#,##0.00"]);
    const look = (a: string) => {
      const shown = sheet.shown(at(a));
      return shown.kind === "value" ? formatted(shown.value, sheet.formatAt(at(a)))?.text : shown.kind;
    };
    expect([look("B2"), look("A6"), look("B6")]).toEqual(["2025-12-16", "2026-03-15", "901.50"]);
  });

  test("the mining watch list: COUNTIF counts the listed licences of each province, COUNTA all of them", async () => {
    const { sheet, calls } = fakeSheet();
    open(sheet, template("mining-licenses"));
    await flush();
    const licenses = calls.find((c) => c.name === "MINING_LICENSES");
    expect(licenses?.args).toEqual([null, "Coal", true, 30, 0]);
    // Counting waits for the list it counts.
    expect(sheet.shown(at("B8"))).toEqual({ kind: "busy" });
    licenses?.answer([
      ["id", "license_number", "province", "city", "permit_expiry_date", "commodity", "company_name"],
      ["1", "1/IUP", "Kalimantan Timur", "Kutai", "2026-09-01", "Coal", "PT A"],
      ["2", "2/IUP", "kalimantan timur", "Berau", "2026-10-01", "Coal", "PT B"],
      ["3", "3/IUP", "Jambi", "Bungo", "2026-11-01", "Coal", "PT C"],
    ]);
    await flush();
    expect(sheet.shown(at("B8"))).toMatchObject({ kind: "value", value: 2 });
    expect(sheet.shown(at("B13"))).toMatchObject({ kind: "value", value: 1 });
    expect(sheet.shown(at("B9"))).toMatchObject({ kind: "value", value: 0 });
    expect(sheet.shown(at("B18"))).toMatchObject({ kind: "value", value: 3 });
  });

  test("the KLSE watch list: the codes are text, and a code typed in a '@' cell stays text", () => {
    const { sheet, calls } = fakeSheet();
    open(sheet, template("klse-top"));
    expect(sheet.shown(at("G7"))).toEqual({ kind: "value", value: "0166" });
    expect(calls.find((c) => c.name === "VALUE" && c.args[0] === "0166")).toBeDefined();
    sheet.setInput(at("G8"), "0097");
    expect(sheet.shown(at("G8"))).toEqual({ kind: "value", value: "0097" });
    // Outside the "@" cells, digits are a number, as in Excel.
    sheet.setInput(at("F8"), "0097");
    expect(sheet.shown(at("F8"))).toEqual({ kind: "value", value: 97 });
    // A format set later reads what is typed there again.
    sheet.setFormats([[at("F8"), "@"]]);
    expect(sheet.shown(at("F8"))).toEqual({ kind: "value", value: "0097" });
    expect(sheet.savedFormats()).toEqual({ F8: "@" });
  });
});

describe("the templates' own formulas", () => {
  test("TODAY, COUNTIF and COUNTA parse as builtins; a number may follow a call", () => {
    expect(parseCell("=TODAY()-90")).toEqual({ type: "call", call: { name: "TODAY", args: [], builtin: true, offset: -90 } });
    expect(parseCell("=today() + 7")).toEqual({ type: "call", call: { name: "TODAY", args: [], builtin: true, offset: 7 } });
    expect(parseCell("=COUNTIF($A$2:$B$3,A8)")).toMatchObject({ type: "call", call: { name: "COUNTIF", builtin: true } });
    expect(parseCell('=MDQ.VALUE("BBCA","revenue")/2')).toMatchObject({
      type: "invalid",
      message: expect.stringContaining("+ or - a number"),
    });
    expect(parseCell("=SUM(A1:A3)")).toMatchObject({ type: "invalid", message: expect.stringContaining("and TODAY, COUNTIF, COUNTA") });
  });

  test("a number added to a result that is not one number is #VALUE!", async () => {
    const { sheet, calls } = fakeSheet();
    sheet.setInput(at("A1"), '=MDQ.LIST("tags")+1');
    calls[0].answer([["tag"], ["a"]]);
    await flush();
    expect(sheet.shown(at("A1"))).toMatchObject({ kind: "error", code: "#VALUE!", message: expect.stringContaining("adds to one number") });
    sheet.setInput(at("C1"), "=COUNTIF(D1:D3)");
    await flush();
    expect(sheet.shown(at("C1"))).toMatchObject({
      kind: "error",
      code: "#VALUE!",
      message: expect.stringContaining("a range and a value"),
    });
  });
});

describe("number formats", () => {
  test("decimals and thousands separators, rounded as Excel rounds", () => {
    expect(formatted(1234567.891, "#,##0")).toEqual({ text: "1,234,568", align: "right" });
    expect(formatted(1234567.891, "#,##0.00")).toEqual({ text: "1,234,567.89", align: "right" });
    expect(formatted(-0.5, "0.00")).toEqual({ text: "-0.50", align: "right" });
    expect(formatted(11.16, "0")).toEqual({ text: "11", align: "right" });
  });

  test("dates over a serial number; text, booleans, '@' and other formats keep the General look", () => {
    const serial = isoToSerial("2025-04-07") as number;
    expect(formatted(serial, "yyyy-mm-dd")).toEqual({ text: "2025-04-07", align: "right" });
    expect(formatted(serial, "d/m/yy")).toEqual({ text: "7/4/25", align: "right" });
    expect(formatted("2025-04-07", "yyyy-mm-dd")).toBeUndefined();
    expect(formatted("1155", "#,##0")).toBeUndefined();
    expect(formatted(true, "0.00")).toBeUndefined();
    expect(formatted(1155, "@")).toBeUndefined();
    expect(formatted(1155, '"$"#,##0')).toBeUndefined();
  });
});
