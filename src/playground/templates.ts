// The ready workbooks in the playground: each template's first sheet (shared/catalogue/templates.ts, the
// definitions the Excel files under templates/ are written from, a test keeping them equal) as
// cell inputs, its formulas spelled as Excel shows them, with its number formats and its text kept
// as text, so a template can be tried without Excel.
import { formulaText, rangeAddresses, TEMPLATES, type Template, type TemplateCell } from "../../shared";
import { constantOf } from "./formula";

export interface TemplateView {
  /** What each cell holds as typed, by A1 address. */
  inputs: Record<string, string>;
  /** Each formatted cell's number format, by A1 address: the ranges' first, a cell's own over them. */
  formats: Record<string, string>;
}

/** What a cell holds, as typed in the playground: text that would read as something else (1155,
 *  TRUE) takes Excel's leading apostrophe, unless its "@" format keeps it text already. */
function inputOf(cell: TemplateCell, format: string | undefined): string | undefined {
  if (cell.formula) return formulaText(cell.formula, "excel");
  if (cell.builtin) return cell.builtin;
  if (cell.value === undefined) return undefined;
  const text = String(cell.value);
  return typeof cell.value === "string" && format !== "@" && constantOf(text) !== text ? `'${text}` : text;
}

export function templateView(template: Template): TemplateView {
  const sheet = template.sheets[0];
  const formats: Record<string, string> = {};
  for (const [range, format] of Object.entries(sheet.formats ?? {})) for (const at of rangeAddresses(range)) formats[at] = format;
  for (const cell of sheet.cells) if (cell.format) formats[cell.at] = cell.format;
  const inputs: Record<string, string> = {};
  for (const cell of sheet.cells) {
    const text = inputOf(cell, formats[cell.at]);
    if (text !== undefined) inputs[cell.at] = text;
  }
  return { inputs, formats };
}

/** The header's picker: one option per template; choosing one replaces the sheet with it. */
export function attachTemplates(select: HTMLSelectElement, open: (title: string, view: TemplateView) => void): void {
  for (const t of TEMPLATES) select.add(new Option(t.title, t.id));
  select.addEventListener("change", () => {
    const template = TEMPLATES.find((t) => t.id === select.value);
    if (template) open(template.title, templateView(template));
    select.value = "";
  });
}
