// The ready workbooks: every formula of every committed file under templates/ is a call of a
// catalogue function whose arguments pass the core's validation (cell references read from the
// file, a TODAY() cell as the date it gives) or a formula of the spreadsheet's own few functions;
// a tracker's dates are relative to today; every number format is where the template puts it and
// text stays text; and the committed files are, byte for byte, what `npm run templates` writes.
import { join } from "node:path";
import ExcelJS from "exceljs";
import { templateFile } from "../../scripts/templates-xlsx";
import { BUILTIN_FUNCTIONS, type BuiltinExpr, parseBuiltin } from "../../shared/catalogue/builtin-formula";
import { findFunction } from "../../shared/catalogue/catalogue";
import { ref, type Template, type TemplateSheet } from "../../shared/catalogue/template-cells";
import { checkFormula, formulaText, parseFormula, rangeAddresses, TEMPLATES, todayOffset } from "../../shared/catalogue/templates";
import { date } from "../../shared/input/arg-kinds";
import { committedBytes, ROOT } from "./xlsx-parts";

/** The day the checks read TODAY() as; any day from 2019 on serves INDEX. */
const TODAY = "2026-03-16";

async function committed(file: string): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(join(ROOT, "templates", file));
  return book;
}

/** A sheet of the file as the template checker reads it: its values and builtin formulas, and
 *  its MDQ formulas parsed back (undefined when one does not parse). */
function sheetOf(sheet: ExcelJS.Worksheet) {
  const def: TemplateSheet = { name: sheet.name, cells: [] };
  const formulas: Array<{ at: string; text: string; parsed: ReturnType<typeof parseFormula> }> = [];
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      const v = cell.value as ExcelJS.CellValue;
      if (v && typeof v === "object" && "formula" in v) {
        const text = `=${v.formula}`;
        const parsed = parseFormula(text);
        if (text.includes("MDQ")) formulas.push({ at: cell.address, text, parsed });
        else def.cells.push({ at: cell.address, builtin: text });
      } else if (typeof v === "string" || typeof v === "number") def.cells.push({ at: cell.address, value: v });
    }),
  );
  for (const { at, parsed } of formulas) if (parsed) def.cells.push({ at, formula: parsed });
  return { def, formulas };
}

/** Each cell's number format as the template sets it: its ranges', then its own. */
function expectedFormats(def: TemplateSheet): Map<string, string> {
  const formats = new Map<string, string>();
  for (const [range, format] of Object.entries(def.formats ?? {})) for (const at of rangeAddresses(range)) formats.set(at, format);
  for (const cell of def.cells) if (cell.format) formats.set(cell.at, cell.format);
  return formats;
}

/** Text a spreadsheet would read as a number, a boolean or a date when typed. */
const readsAsOther = (text: string) => /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$|^(true|false)$|^\d{4}-\d{2}-\d{2}$/i.test(text);

describe.each(TEMPLATES.map((t) => [t.title, t] as const))("%s", (_title, template) => {
  test("every MDQ formula in the committed file is a valid call; every other formula uses the builtins only", async () => {
    const book = await committed(template.file);
    let count = 0;
    for (const sheet of book.worksheets) {
      const { def, formulas } = sheetOf(sheet);
      for (const { at, text, parsed } of formulas) {
        expect({ at, text, parsed: parsed !== undefined }).toEqual({ at, text, parsed: true });
        expect(() => checkFormula(parsed as NonNullable<typeof parsed>, def, TODAY)).not.toThrow();
        count++;
      }
      // The grammar refuses any function but the builtins, and an MDQ call inside arithmetic.
      for (const cell of def.cells.filter((c) => c.builtin))
        expect({ at: cell.at, parsed: parseBuiltin(cell.builtin as string).type }).toEqual({ at: cell.at, parsed: expect.any(String) });
    }
    expect(count).toBe(template.sheets.reduce((n, s) => n + s.cells.filter((c) => c.formula).length, 0));
    expect(book.getWorksheet("Notes")?.getCell("A2").value).toBe(template.notes[0]);
  });

  test("every number format is in the file where the template puts it; text that reads as a number is text", async () => {
    const book = await committed(template.file);
    for (const def of template.sheets) {
      const sheet = book.getWorksheet(def.name) as ExcelJS.Worksheet;
      const formats = expectedFormats(def);
      expect(formats.size).toBeGreaterThan(0);
      for (const [at, format] of formats) expect({ at, format: sheet.getCell(at).numFmt }).toEqual({ at, format });
      for (const cell of def.cells.filter((c) => typeof c.value === "string" && readsAsOther(c.value))) {
        expect({ at: cell.at, value: sheet.getCell(cell.at).value, format: formats.get(cell.at) }).toEqual({
          at: cell.at,
          value: cell.value,
          format: "@",
        });
      }
    }
  });

  test("the committed file is what npm run templates writes, byte for byte", async () => {
    const fresh = await templateFile(template);
    // Stale: run npm run templates.
    expect(committedBytes(template.file).equals(fresh)).toBe(true);
  });
});

describe("dates", () => {
  /** Every date argument of every MDQ formula, with the cell it reads. */
  const dateArgs = (template: Template) =>
    template.sheets.flatMap((def) =>
      def.cells.flatMap((cell) =>
        (cell.formula?.args ?? []).flatMap((arg, i) =>
          findFunction(cell.formula?.fn as string)?.args[i]?.kind === date
            ? [{ at: cell.at, arg, read: typeof arg === "object" ? def.cells.find((c) => c.at === arg.ref.replace(/\$/g, "")) : undefined }]
            : [],
        ),
      ),
    );

  test("a tracker's dates are relative to today: every date an MDQ formula reads is a TODAY() cell, none is written in", () => {
    const all = TEMPLATES.flatMap(dateArgs);
    expect(all.length).toBeGreaterThanOrEqual(2);
    for (const { at, arg, read } of all) {
      expect({ at, arg: typeof arg, offset: read?.builtin === undefined ? undefined : todayOffset(read.builtin) }).toEqual({
        at,
        arg: "object",
        offset: expect.any(Number),
      });
    }
    // No literal date anywhere either (a date typed in a cell would stop a tracker tracking).
    for (const t of TEMPLATES)
      for (const s of t.sheets) for (const c of s.cells) expect(String(c.value ?? "")).not.toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  test("TODAY() formulas: the days they add, undefined for anything else", () => {
    expect(todayOffset("=TODAY()")).toBe(0);
    expect(todayOffset("=TODAY()-90")).toBe(-90);
    expect(todayOffset("= today() + 7")).toBe(7);
    expect(todayOffset("=TODAY()*2")).toBeUndefined();
    expect(todayOffset("=COUNTA(A1:A3)")).toBeUndefined();
  });
});

describe("the formula checker", () => {
  const sheet: TemplateSheet = {
    name: "S",
    cells: [
      { at: "A1", value: "BBCA" },
      { at: "B1", value: "2024Q9" },
      { at: "C1", builtin: "=TODAY()-90" },
      { at: "D1", builtin: "=TODAY()" },
      { at: "E1", builtin: "=COUNTA(A1:B1)" },
      { at: "F1", formula: { fn: "VALUE", args: ["BBCA", "revenue"] } },
    ],
  };

  test("a formula reads back as written, in every host's spelling", () => {
    const formula = { fn: "VALUE", args: [ref("$A1"), 'say "hi"', -1, true] };
    for (const host of ["excel", "sheets", "xlsx"] as const) expect(parseFormula(formulaText(formula, host))).toEqual(formula);
  });

  test("refuses what is not an MDQ call, a function the catalogue lacks, and arguments the core refuses", () => {
    expect(parseFormula("=SUM(A1:A3)")).toBeUndefined();
    expect(parseFormula('=MDQ.VALUE("BBCA")+1')).toBeUndefined();
    expect(() => checkFormula({ fn: "NOPE", args: [] }, sheet, TODAY)).toThrow(/not a function of the catalogue/);
    expect(() => checkFormula({ fn: "VALUE", args: [ref("A1"), "revenue", ref("B1")] }, sheet, TODAY)).toThrow(/'period' must be/);
    expect(() => checkFormula({ fn: "VALUE", args: [ref("A1"), "bogus"] }, sheet, TODAY)).toThrow(/'field' must be/);
    expect(() => checkFormula({ fn: "VALUE", args: [ref("A1"), "revenue", -1] }, sheet, TODAY)).not.toThrow();
  });

  test("a TODAY() cell is the date it gives on the day checked, so the window's rules apply to it", () => {
    const index = { fn: "INDEX", args: ["lq45", ref("C1"), ref("D1")] };
    expect(() => checkFormula(index, sheet, TODAY)).not.toThrow();
    // INDEX has no data before 2019-01-02: the same cells, read on a day in 2018, are refused.
    expect(() => checkFormula(index, sheet, "2018-06-01")).toThrow(/'end' must be 2019-01-02 or later/);
    // Swapped, start falls after end.
    expect(() => checkFormula({ fn: "INDEX", args: ["lq45", ref("D1"), ref("C1")] }, sheet, TODAY)).toThrow(/on or before 'end'/);
    expect(() => checkFormula(index, sheet, "16/03/2026")).toThrow(/today must be a date/);
  });

  test("a reference to any other formula is refused: its value is not known before it runs", () => {
    expect(() => checkFormula({ fn: "INDEX", args: ["lq45", ref("E1")] }, sheet, TODAY)).toThrow(/E1 holds =COUNTA\(A1:B1\)/);
    expect(() => checkFormula({ fn: "VALUE", args: [ref("F1"), "revenue"] }, sheet, TODAY)).toThrow(/F1 holds an MDQ formula/);
  });

  test("ranges: every address, row by row", () => {
    expect(rangeAddresses("A6:B7")).toEqual(["A6", "B6", "A7", "B7"]);
    expect(rangeAddresses("$Z$1")).toEqual(["Z1"]);
    expect(rangeAddresses("AA2:Z1")).toEqual(["Z1", "AA1", "Z2", "AA2"]);
    expect(() => rangeAddresses("A:A")).toThrow(/not an A1 range/);
  });
});

describe("the spreadsheet's own formulas (builtin)", () => {
  const n = (value: number): BuiltinExpr => ({ type: "value", value });
  const cell = (a1: string): BuiltinExpr => ({ type: "ref", ref: a1 });

  test("read as Excel reads them: a sign before ^, ^ before * and /, those before + and -, each from the left", () => {
    expect(parseBuiltin("=-2^2")).toEqual({ type: "op", op: "^", left: { type: "sign", sign: "-", of: n(2) }, right: n(2) });
    expect(parseBuiltin("=2^3^2")).toEqual({ type: "op", op: "^", left: { type: "op", op: "^", left: n(2), right: n(3) }, right: n(2) });
    expect(parseBuiltin("= 1 + b2 * $C$3")).toEqual({
      type: "op",
      op: "+",
      left: n(1),
      right: { type: "op", op: "*", left: cell("B2"), right: cell("$C$3") },
    });
    expect(parseBuiltin("=G25*(1+B21)/(B20-B21)")).toMatchObject({ op: "/", left: { op: "*", right: { op: "+" } }, right: { op: "-" } });
    expect(parseBuiltin('=COUNTIF($A$22:$O$51,"Jambi ""x""",)')).toEqual({
      type: "call",
      name: "COUNTIF",
      args: [cell("$A$22:$O$51"), { type: "value", value: 'Jambi "x"' }, { type: "value", value: null }],
    });
    expect(parseBuiltin("=today()-90")).toEqual({ type: "op", op: "-", left: { type: "call", name: "TODAY", args: [] }, right: n(90) });
    expect(parseBuiltin("=SUM(C27:G27)/1e9")).toMatchObject({ left: { name: "SUM", args: [cell("C27:G27")] }, right: n(1e9) });
  });

  test("refuses any function but the builtins, an MDQ call inside a formula, and what does not parse", () => {
    expect(BUILTIN_FUNCTIONS).toEqual(["TODAY", "COUNTIF", "COUNTA", "SUM"]);
    expect(() => parseBuiltin("=NPV(0.1,A1:A5)")).toThrow(/unknown function NPV: .* TODAY, COUNTIF, COUNTA, SUM/);
    expect(() => parseBuiltin('=MDQ.VALUE("BBCA","revenue")/1e9')).toThrow(/MDQ.VALUE is a formula of its own/);
    expect(() => parseBuiltin("=B1+*B2")).toThrow(/"\*B2" at character 5 where a number/);
    expect(() => parseBuiltin("=(B1+B2")).toThrow(/the end at character 8 where "\)" was expected/);
    expect(() => parseBuiltin("=B1 B2")).toThrow(/an operator/);
    expect(() => parseBuiltin("=B1&B2")).toThrow(/"&B2"/);
    expect(() => parseBuiltin("=Sheet2!A1")).toThrow(/"Sheet2!A1" at character 2/);
    expect(() => parseBuiltin("B1+1")).toThrow(/"=" first/);
    expect(() => parseBuiltin("=SUM(A1;A2)")).toThrow(/"," or "\)"/);
  });

  test("every cell a formula reads on its own (not a range) is one its template fills", () => {
    const reads = (e: BuiltinExpr): string[] =>
      e.type === "ref"
        ? e.ref.includes(":")
          ? []
          : [e.ref.replace(/\$/g, "")]
        : e.type === "sign"
          ? reads(e.of)
          : e.type === "op"
            ? [...reads(e.left), ...reads(e.right)]
            : e.type === "call"
              ? e.args.flatMap(reads)
              : [];
    for (const t of TEMPLATES)
      for (const s of t.sheets) {
        const filled = new Set(s.cells.map((c) => c.at));
        for (const c of s.cells.filter((x) => x.builtin))
          for (const a1 of reads(parseBuiltin(c.builtin as string)))
            expect({ in: `${t.id}!${c.at}`, reads: a1, filled: filled.has(a1) }).toEqual({
              in: `${t.id}!${c.at}`,
              reads: a1,
              filled: true,
            });
      }
  });
});
