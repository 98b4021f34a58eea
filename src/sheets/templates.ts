// MDQ > Insert template: one of the ready workbooks (shared/catalogue/templates.ts, the same definitions the
// Excel files are written from) built as new sheets of this spreadsheet, formulas in place, with
// its notes on a sheet of their own.
import { formulaText, TEMPLATES, type Template } from "../../shared";
import { gas, type Sheet, type Spreadsheet } from "./apps-script";

const ui = () => gas().SpreadsheetApp.getUi();
/** Apps Script's columns are in pixels; the templates' widths in characters. */
const PIXELS_PER_CHAR = 7;

/** A sheet name not yet taken: "Banks", else "Banks (2)", "Banks (3)", ... */
function freeName(ss: Spreadsheet, name: string): string {
  let candidate = name;
  for (let n = 2; ss.getSheetByName(candidate); n++) candidate = `${name} (${n})`;
  return candidate;
}

const columnNumber = (letters: string) => [...letters.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);

function build(ss: Spreadsheet, template: Template): Sheet[] {
  const made = template.sheets.map((def) => {
    const sheet = ss.insertSheet(freeName(ss, def.name));
    // The ranges a result spills into keep their formats (a spill takes the formats of the cells
    // it lands on); a cell's own format next, and before its value: Sheets reads text set in a
    // General cell as a number ("0166" → 166), in a "@" cell as the text it is.
    for (const [a1, format] of Object.entries(def.formats ?? {})) sheet.getRange(a1).setNumberFormat(format);
    for (const cell of def.cells) {
      const range = sheet.getRange(cell.at);
      if (cell.format) range.setNumberFormat(cell.format);
      if (cell.formula) range.setFormula(formulaText(cell.formula, "sheets"));
      else if (cell.builtin) range.setFormula(cell.builtin);
      else if (cell.value !== undefined) range.setValue(cell.value);
      if (cell.bold) range.setFontWeight("bold");
    }
    for (const [column, chars] of Object.entries(def.widths ?? {})) sheet.setColumnWidth(columnNumber(column), chars * PIXELS_PER_CHAR);
    return sheet;
  });
  const notes = ss.insertSheet(freeName(ss, `${template.title} notes`));
  notes.getRange("A1").setValue(template.title);
  notes.getRange("A1").setFontWeight("bold");
  template.notes.forEach((line, i) => {
    notes.getRange(`A${i + 2}`).setValue(line);
  });
  notes.setColumnWidth(1, 120 * PIXELS_PER_CHAR);
  return [...made, notes];
}

/** Ask which template, then build it. */
export function insertTemplate(): void {
  const u = ui();
  const list = TEMPLATES.map((t, i) => `${i + 1}. ${t.title}`).join("\n");
  const answer = u.prompt(
    "MDQ: insert a template",
    `Type the number of the template to insert as new sheets:\n${list}`,
    u.ButtonSet.OK_CANCEL,
  );
  if (answer.getSelectedButton() !== u.Button.OK) return;
  const text = answer.getResponseText().trim();
  const template = /^\d+$/.test(text) ? TEMPLATES[Number(text) - 1] : TEMPLATES.find((t) => t.id === text.toLowerCase());
  if (!template) {
    u.alert("MDQ", `There is no template "${text.slice(0, 40)}": type a number from 1 to ${TEMPLATES.length}.`, u.ButtonSet.OK);
    return;
  }
  const ss = gas().SpreadsheetApp.getActiveSpreadsheet();
  const sheets = build(ss, template);
  // Asked for, so shown: the template's first sheet, not the last one inserted (its notes).
  ss.setActiveSheet(sheets[0]);
  gas()
    .SpreadsheetApp.getActiveSpreadsheet()
    .toast(`${template.title}: ${sheets.map((s) => s.getName()).join(", ")} added.`, "MDQ", 5);
}
