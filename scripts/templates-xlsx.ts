// The ready workbooks as Excel files: each template of shared/catalogue/templates.ts written with exceljs
// (formulas, number formats, bold headers, column widths, a notes sheet). exceljs writes no charts:
// the LQ45 tracker's notes tell the user how to add one. Fixed document dates, so that the same
// definitions always write the same workbook.
import ExcelJS from "exceljs";
import { formulaText, TEMPLATES, type Template } from "../shared";

export const TEMPLATE_DIR = "templates";
const FIXED_DATE = new Date(Date.UTC(2026, 0, 1));

export function workbookOf(template: Template): ExcelJS.Workbook {
  const book = new ExcelJS.Workbook();
  book.creator = "MDQ (npm run templates)";
  book.created = FIXED_DATE;
  book.modified = FIXED_DATE;
  for (const def of template.sheets) {
    const sheet = book.addWorksheet(def.name);
    for (const cell of def.cells) {
      const target = sheet.getCell(cell.at);
      // exceljs takes a formula without its "="; the file keeps MDQ's functions as Excel stores them.
      if (cell.formula) target.value = { formula: formulaText(cell.formula, "xlsx").slice(1) } as ExcelJS.CellFormulaValue;
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

/** Every template's file: its path and bytes. */
export async function templateFiles(): Promise<Array<{ path: string; bytes: Buffer }>> {
  return Promise.all(
    TEMPLATES.map(async (t) => ({ path: `${TEMPLATE_DIR}/${t.file}`, bytes: Buffer.from(await workbookOf(t).xlsx.writeBuffer()) })),
  );
}
