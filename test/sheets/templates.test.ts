// MDQ > Insert template through the built Apps Script bundle (npm run build first) with the
// SpreadsheetApp stand-in: each template becomes new sheets with the same formulas as the Excel
// files (MDQ_ spelling; the dates =TODAY()-90 as in Excel), every MDQ call valid, its formats on
// its cells and on the ranges results spill into, text that reads as a number set as text, and a
// notes sheet.
import { loadScript } from "../../scripts/harness/load-sheets";
import type { TemplateCell, TemplateSheet } from "../../shared/catalogue/template-cells";
import { checkFormula, formulaText, parseFormula, TEMPLATES } from "../../shared/catalogue/templates";

/** The day the checks read TODAY() as. */
const TODAY = "2026-03-16";

/** What the script wrote on one sheet: values and formulas by A1 address. */
function written(rec: ReturnType<typeof loadScript>["rec"], sheet: string) {
  const pick = <T>(map: Map<string, T>) =>
    new Map([...map].filter(([k]) => k.startsWith(`${sheet}!`)).map(([k, v]) => [k.slice(sheet.length + 1), v] as const));
  return { values: pick(rec.cells), formulas: pick(rec.formulas), formats: pick(rec.formats) };
}

test("the menu has Insert template", () => {
  const script = loadScript();
  script.ctx.onOpen();
  expect(script.rec.menus[0].items).toContainEqual(["Insert template", "mdqInsertTemplate"]);
});

describe.each(TEMPLATES.map((t, i) => [t.title, i + 1, t] as const))("%s (number %d)", (_title, number, template) => {
  test("builds its sheets with every formula in place, valid, formatted, and its notes", () => {
    const script = loadScript();
    script.rec.promptAnswers.push(String(number));
    script.ctx.mdqInsertTemplate();
    expect(script.rec.prompts[0]).toContain(`${number}. ${template.title}`);
    for (const def of template.sheets) {
      const { values, formulas, formats } = written(script.rec, def.name);
      expect(formulas.size).toBe(def.cells.filter((c) => c.formula || c.builtin).length);
      for (const cell of def.cells.filter((c) => c.builtin)) expect(formulas.get(cell.at)).toBe(cell.builtin);
      // The sheet as the checker reads it: values, and the formulas as written (TODAY() read as its date).
      const asRead: TemplateSheet = {
        name: def.name,
        cells: [
          ...[...values].map(([at, value]): TemplateCell => ({ at, value: value as string | number })),
          ...[...formulas].map(
            ([at, text]): TemplateCell => (parseFormula(text) ? { at, formula: parseFormula(text) } : { at, builtin: text }),
          ),
        ],
      };
      for (const cell of def.cells.filter((c) => c.formula)) {
        const text = formulas.get(cell.at) as string;
        expect(text).toBe(formulaText(cell.formula as NonNullable<typeof cell.formula>, "sheets"));
        const parsed = parseFormula(text);
        expect(parsed).toBeDefined();
        expect(() => checkFormula(parsed as NonNullable<typeof parsed>, asRead, TODAY)).not.toThrow();
      }
      for (const cell of def.cells.filter((c) => c.format))
        expect({ at: cell.at, format: formats.get(cell.at) }).toEqual({ at: cell.at, format: cell.format });
      for (const [range, format] of Object.entries(def.formats ?? {}))
        expect({ range, format: formats.get(range) }).toEqual({ range, format });
      // Text that Sheets would read as a number is set as text: its cell formatted "@", its value the text itself.
      for (const cell of def.cells.filter((c) => typeof c.value === "string" && /^\d+$/.test(c.value))) {
        expect({ at: cell.at, value: values.get(cell.at), format: formats.get(cell.at) }).toEqual({
          at: cell.at,
          value: cell.value,
          format: "@",
        });
      }
    }
    const notes = written(script.rec, `${template.title} notes`).values;
    expect([...notes.values()]).toEqual([template.title, ...template.notes]);
    expect(script.rec.toasts[0]).toContain(template.title);
  });
});

test("inserting a template twice adds sheets of new names; Cancel and an unknown number change nothing", () => {
  const script = loadScript();
  script.rec.promptAnswers.push("1", "1", null, "9");
  for (let i = 0; i < 4; i++) script.ctx.mdqInsertTemplate();
  expect([...script.rec.formulas.keys()].some((k) => k.startsWith("Banks (2)!"))).toBe(true);
  expect(script.rec.alerts).toEqual([expect.stringMatching(/There is no template "9": type a number from 1 to 5/)]);
  expect(script.rec.toasts).toHaveLength(2);
});
