// The ready workbooks in the playground without a browser: a template opens as its cells' inputs
// (text that reads as a number kept as text), its number formats (the ranges a result spills into
// too) and its own formulas: TODAY()-90 the date 90 days back on the sheet's clock, COUNTIF and
// COUNTA over a spilled result, arithmetic and SUM over MDQ results, as Excel computes them; and the
// grid's look of a formatted number (billions, percentages).

import { isoToSerial } from "../../shared/base/cells";
import type { Template } from "../../shared/catalogue/template-cells";
import { TEMPLATES } from "../../shared/catalogue/templates";
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
  const calls: Array<{ name: string; args: unknown[]; answer(cells: Value[][]): void; fail(e: { code: string; message: string }): void }> =
    [];
  const sheet = new Sheet(
    120,
    26,
    (name, args): Run => {
      let answer!: (cells: Value[][]) => void;
      let fail!: (e: unknown) => void;
      const result = new Promise<Value[][]>((res, rej) => {
        answer = res;
        fail = rej;
      });
      calls.push({ name, args, answer, fail });
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
  test("TODAY, COUNTIF, COUNTA, SUM and arithmetic parse as builtins; an MDQ call stays a formula of its own", () => {
    const today = { type: "call", name: "TODAY", args: [] };
    expect(parseCell("=TODAY()-90")).toEqual({
      type: "call",
      call: { name: "TODAY()-90", args: [], builtin: { type: "op", op: "-", left: today, right: { type: "value", value: 90 } } },
    });
    expect(parseCell("=today() + 7")).toMatchObject({ call: { builtin: { op: "+", left: today, right: { value: 7 } } } });
    expect(parseCell("=COUNTIF($A$2:$B$3,A8)")).toMatchObject({
      type: "call",
      call: {
        args: [
          { type: "range", from: at("A2"), to: at("B3") },
          { type: "ref", cell: at("A8") },
        ],
        builtin: { type: "call", name: "COUNTIF" },
      },
    });
    expect(parseCell("=SUM(C27:G27)")).toMatchObject({
      call: { builtin: { type: "call", name: "SUM", args: [{ type: "arg", index: 0 }] } },
    });
    expect(parseCell("=B14/B6")).toMatchObject({ call: { args: [{ cell: at("B14") }, { cell: at("B6") }], builtin: { op: "/" } } });
    expect(parseCell('=MDQ.VALUE("BBCA","revenue")+1')).toMatchObject({ call: { name: "VALUE", offset: 1 } });
    expect(parseCell('=MDQ.VALUE("BBCA","revenue")/2')).toMatchObject({
      type: "invalid",
      message: expect.stringContaining("+ or - a number"),
    });
    expect(parseCell('=2*MDQ.VALUE("BBCA","revenue")')).toMatchObject({
      type: "invalid",
      message: expect.stringContaining("a formula of its own"),
    });
    expect(parseCell("=AVERAGE(A1:A3)")).toMatchObject({
      type: "invalid",
      message: expect.stringContaining(
        "unknown function AVERAGE: besides MDQ's functions (=MDQ.NAME(...), each a formula of its own) the formulas use TODAY, COUNTIF, COUNTA, SUM",
      ),
    });
    expect(parseCell("=1+")).toMatchObject({ type: "invalid", message: expect.stringContaining("at character 4") });
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

  /** What each formula shows once the sheet holds `inputs` (no MDQ call among them). */
  async function computed(inputs: Record<string, string>, formulas: Record<string, string>) {
    const { sheet } = fakeSheet();
    sheet.setInputs(Object.entries({ ...inputs, ...formulas }).map(([a, text]) => [at(a), text]));
    await flush();
    return Object.fromEntries(
      Object.keys(formulas).map((a) => {
        const shown = sheet.shown(at(a));
        return [a, shown.kind === "value" ? shown.value : shown.kind === "error" ? shown.code : shown.kind];
      }),
    );
  }

  test("arithmetic as Excel computes it: a sign before ^, ^ before * and /, those before + and -, each from the left", async () => {
    expect(
      await computed(
        { A1: "2", A2: "3" },
        {
          B1: "=-2^2",
          B2: "=2^3^2",
          B3: "=1+2*3",
          B4: "=(1+2)*3",
          B5: "=A1^-1",
          B6: "=10-A2-A1",
          B7: "=-A1*-A2",
          B8: "=1/(1+0.1)^A1",
          B9: "=+A1",
        },
      ),
    ).toEqual({ B1: 4, B2: 64, B3: 7, B4: 9, B5: 0.5, B6: 5, B7: 6, B8: 1 / 1.1 ** 2, B9: 2 });
  });

  test("what arithmetic reads: an empty cell is 0, TRUE 1, text that reads as a number that number; other text, x/0 and 0^0 are errors", async () => {
    expect(
      await computed(
        { A1: "TRUE", A2: "'12", A3: "'1,234.5", A4: "'5%", A5: "abc", A6: "'2025-01-31" },
        {
          B1: "=A9+1",
          B2: "=A1+1",
          B3: "=A2*2",
          B4: "=A3+0",
          B5: "=A4*2",
          B6: "=A5+1",
          B7: "=1/0",
          B8: "=0^0",
          B9: "=(-8)^(1/3)",
          B10: "=A9",
          B11: '="7"+1',
          B12: "=A6+0",
          B13: "=A1:A2+1",
        },
      ),
    ).toEqual({
      B1: 1,
      B2: 2,
      B3: 24,
      B4: 1234.5,
      B5: 0.1,
      B6: "#VALUE!",
      B7: "#DIV/0!",
      B8: "#NUM!",
      B9: "#NUM!",
      B10: 0,
      B11: 8,
      B12: isoToSerial("2025-01-31"),
      B13: "#VALUE!",
    });
  });

  test("SUM: the numbers of its ranges and cells (their text and TRUE left out), its other arguments as numbers", async () => {
    expect(
      await computed(
        { A1: "1", A2: "'2", A3: "TRUE", A4: "3.5", A5: "x" },
        { B1: "=SUM(A1:A5)", B2: "=SUM(A3)", B3: '=SUM(TRUE,"2",A1,)', B4: '=SUM("x")', B5: "=SUM(A1:A5)*2-SUM(A4)", B6: "=SUM()" },
      ),
    ).toEqual({ B1: 4.5, B2: 0, B3: 4, B4: "#VALUE!", B5: 5.5, B6: "#VALUE!" });
  });

  test("a formula reading an MDQ result waits for it, computes with it, and shows its error when it fails", async () => {
    const { sheet, calls } = fakeSheet();
    sheet.setInputs([
      [at("A1"), '=MDQ.VALUE("TLKM","free_cash_flow","TTM")'],
      [at("A2"), '=MDQ.VALUE("TLKM","revenue","TTM")'],
      [at("A3"), "=A1/A2"],
    ]);
    await flush();
    expect(sheet.shown(at("A3"))).toEqual({ kind: "busy" });
    calls[0].answer([[20e12]]);
    calls[1].answer([[160e12]]);
    await flush();
    expect(sheet.shown(at("A3"))).toMatchObject({ kind: "value", value: 0.125 });
    sheet.setInput(at("A2"), '=MDQ.VALUE("TLKM","revenue","FY2030")');
    calls[2].fail({ code: "#N/A", message: "MDQ: TLKM's quarterly statements have no 2030" });
    await flush();
    expect(sheet.shown(at("A3"))).toEqual({
      kind: "error",
      code: "#N/A",
      message: "A2 shows #N/A: MDQ: TLKM's quarterly statements have no 2030",
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

  test("a comma after the digits divides by a thousand (#,##0,,, shows billions); % shows the number times 100", () => {
    expect(formatted(149_713_069_000_000, "#,##0,,,")).toEqual({ text: "149,713", align: "right" });
    expect(formatted(-25_829_704_000_000, "#,##0,,,")).toEqual({ text: "-25,830", align: "right" });
    expect(formatted(1_500_000, "0.0,,")).toEqual({ text: "1.5", align: "right" });
    expect(formatted(0.020986, "0.0%")).toEqual({ text: "2.1%", align: "right" });
    expect(formatted(-0.5, "0%")).toEqual({ text: "-50%", align: "right" });
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
