// The ready workbooks as Excel files: each template of shared/catalogue/templates.ts written with
// exceljs (values, formulas, number formats, bold headers, column widths, a notes sheet), then
// finished with the parts exceljs cannot write (templates-ooxml.ts: dynamic-array metadata, the
// chart). Fixed document and zip dates, so that the same definitions always write the same bytes.
import ExcelJS from "exceljs";
import { formulaText, rangeAddresses, TEMPLATES, type Template } from "../shared";
import { finishWorkbook } from "./templates-ooxml";

export const TEMPLATE_DIR = "templates";
export const FIXED_DATE = new Date(Date.UTC(2026, 0, 1));

export function workbookOf(template: Template): ExcelJS.Workbook {
  const book = new ExcelJS.Workbook();
  book.creator = "MDQ (npm run templates)";
  book.created = FIXED_DATE;
  book.modified = FIXED_DATE;
  // No formula has a cached result: Excel calculates them all when the file opens.
  book.calcProperties.fullCalcOnLoad = true;
  for (const def of template.sheets) {
    const sheet = book.addWorksheet(def.name);
    // Range formats first: a cell's own format, written next, wins over its range's.
    for (const [range, format] of Object.entries(def.formats ?? {})) {
      for (const at of rangeAddresses(range)) sheet.getCell(at).numFmt = format;
    }
    for (const cell of def.cells) {
      const target = sheet.getCell(cell.at);
      // exceljs takes a formula without its "=". An MDQ formula is a one-cell array formula (the
      // dynamic-array mark is added to it afterwards); the file keeps MDQ's functions as Excel stores them.
      if (cell.formula) {
        target.value = {
          formula: formulaText(cell.formula, "xlsx").slice(1),
          shareType: "array",
          ref: cell.at,
        } as ExcelJS.CellFormulaValue;
      } else if (cell.builtin) target.value = { formula: cell.builtin.slice(1) } as ExcelJS.CellFormulaValue;
      else if (cell.value !== undefined) target.value = cell.value;
      if (cell.format) target.numFmt = cell.format;
      if (cell.bold) target.font = { bold: true };
    }
    for (const [column, chars] of Object.entries(def.widths ?? {})) sheet.getColumn(column).width = chars;
  }
  const notes = book.addWorksheet("Notes");
  notes.getCell("A1").value = template.title;
  notes.getCell("A1").font = { bold: true };
  template.notes.forEach((line, i) => {
    notes.getCell(`A${i + 2}`).value = line;
  });
  notes.getColumn("A").width = 120;
  return book;
}

/** One template's file, finished. */
export async function templateFile(template: Template): Promise<Buffer> {
  const written = Buffer.from(await workbookOf(template).xlsx.writeBuffer());
  return finishWorkbook(written, template, FIXED_DATE);
}

/** Every template's file: its path and bytes. */
export async function templateFiles(): Promise<Array<{ path: string; bytes: Buffer }>> {
  return Promise.all(TEMPLATES.map(async (t) => ({ path: `${TEMPLATE_DIR}/${t.file}`, bytes: await templateFile(t) })));
}
