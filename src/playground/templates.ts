// The ready workbooks in the playground: each template's first sheet (shared/catalogue/templates.ts, the
// definitions the Excel files under templates/ are written from, a test keeping them equal) as
// cell inputs, its formulas spelled as Excel shows them, so a template can be tried without Excel.
import { formulaText, TEMPLATES, type Template } from "../../shared";

/** A template's sheet as the playground's cell inputs, by A1 address. */
export function templateInputs(template: Template): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const cell of template.sheets[0].cells) {
    const text = cell.formula ? formulaText(cell.formula, "excel") : cell.value === undefined ? undefined : String(cell.value);
    if (text !== undefined) inputs[cell.at] = text;
  }
  return inputs;
}

/** The header's picker: one option per template; choosing one replaces the sheet with it. */
export function attachTemplates(select: HTMLSelectElement, open: (inputs: Record<string, string>) => void): void {
  for (const t of TEMPLATES) select.add(new Option(t.title, t.id));
  select.addEventListener("change", () => {
    const template = TEMPLATES.find((t) => t.id === select.value);
    if (template) open(templateInputs(template));
    select.value = "";
  });
}
