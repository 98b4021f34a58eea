// The ready workbooks: every formula of every committed file under templates/ is a call of a
// catalogue function whose arguments pass the core's validation (cell references read from the
// file), and the committed files are what `npm run templates` writes from shared/catalogue/templates.ts.
import { join } from "node:path";
import ExcelJS from "exceljs";
import { workbookOf } from "../../scripts/templates-xlsx";
import { checkFormula, formulaText, parseFormula, ref, TEMPLATES, type TemplateSheet } from "../../shared/catalogue/templates";

const ROOT = join(__dirname, "..", "..");

interface Dumped {
  sheets: Array<{ name: string; widths: Array<number | undefined>; cells: Record<string, unknown> }>;
}

/** What a workbook holds, as exceljs reads it back: per sheet, each cell's value or formula, format and weight. */
function dump(book: ExcelJS.Workbook): Dumped {
  return {
    sheets: book.worksheets.map((sheet) => {
      const cells: Record<string, unknown> = {};
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          cells[cell.address] = { value: cell.value, format: cell.numFmt, bold: Boolean(cell.font?.bold) };
        }),
      );
      return { name: sheet.name, widths: sheet.columns.map((c) => c.width), cells };
    }),
  };
}

async function committed(file: string): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(join(ROOT, "templates", file));
  return book;
}

/** A sheet of the file as the template checker reads it: its values, and its formulas parsed back. */
function sheetOf(sheet: ExcelJS.Worksheet): { def: TemplateSheet; formulas: Array<{ at: string; text: string }> } {
  const def: TemplateSheet = { name: sheet.name, cells: [] };
  const formulas: Array<{ at: string; text: string }> = [];
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      const v = cell.value as ExcelJS.CellValue;
      if (v && typeof v === "object" && "formula" in v) formulas.push({ at: cell.address, text: `=${v.formula}` });
      else if (typeof v === "string" || typeof v === "number") def.cells.push({ at: cell.address, value: v });
    }),
  );
  return { def, formulas };
}

describe.each(TEMPLATES.map((t) => [t.title, t] as const))("%s", (_title, template) => {
  test("every formula in the committed file is a valid MDQ call", async () => {
    const book = await committed(template.file);
    let count = 0;
    for (const sheet of book.worksheets) {
      const { def, formulas } = sheetOf(sheet);
      for (const { at, text } of formulas) {
        const formula = parseFormula(text);
        expect({ at, text, parsed: formula !== undefined }).toEqual({ at, text, parsed: true });
        expect(() => checkFormula(formula as NonNullable<typeof formula>, def)).not.toThrow();
        count++;
      }
    }
    expect(count).toBe(template.sheets.reduce((n, s) => n + s.cells.filter((c) => c.formula).length, 0));
    expect(book.getWorksheet("Notes")?.getCell("A2").value).toBe(template.notes[0]);
  });

  test("the committed file is what npm run templates writes", async () => {
    const fresh = new ExcelJS.Workbook();
    await fresh.xlsx.load((await workbookOf(template).xlsx.writeBuffer()) as ArrayBuffer);
    expect(dump(await committed(template.file))).toEqual(dump(fresh));
  });
});

describe("the formula checker", () => {
  const sheet: TemplateSheet = {
    name: "S",
    cells: [
      { at: "A1", value: "BBCA" },
      { at: "B1", value: "2024Q9" },
    ],
  };

  test("a formula reads back as written, in every host's spelling", () => {
    const formula = { fn: "VALUE", args: [ref("$A1"), 'say "hi"', -1, true] };
    for (const host of ["excel", "sheets", "xlsx"] as const) expect(parseFormula(formulaText(formula, host))).toEqual(formula);
  });

  test("refuses what is not an MDQ call, a function the catalogue lacks, and arguments the core refuses", () => {
    expect(parseFormula("=SUM(A1:A3)")).toBeUndefined();
    expect(parseFormula('=MDQ.VALUE("BBCA")+1')).toBeUndefined();
    expect(() => checkFormula({ fn: "NOPE", args: [] }, sheet)).toThrow(/not a function of the catalogue/);
    expect(() => checkFormula({ fn: "VALUE", args: [ref("A1"), "revenue", ref("B1")] }, sheet)).toThrow(/'period' must be/);
    expect(() => checkFormula({ fn: "VALUE", args: [ref("A1"), "bogus"] }, sheet)).toThrow(/'field' must be/);
    expect(() => checkFormula({ fn: "VALUE", args: [ref("A1"), "revenue", -1] }, sheet)).not.toThrow();
  });
});
