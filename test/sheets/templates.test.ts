// MDQ > Insert template through the built Apps Script bundle (npm run build first) with the
// SpreadsheetApp stand-in: each template becomes new sheets with the same formulas as the Excel
// files (MDQ_ spelling), every one a valid call, its formats, and a notes sheet.
import { loadScript } from "../../scripts/harness/load-sheets";
import { checkFormula, formulaText, parseFormula, TEMPLATES, type TemplateSheet } from "../../shared/catalogue/templates";

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
      const expected = def.cells.filter((c) => c.formula);
      expect(formulas.size).toBe(expected.length);
      const asRead: TemplateSheet = { name: def.name, cells: [...values].map(([at, value]) => ({ at, value: value as string | number })) };
      for (const cell of expected) {
        const text = formulas.get(cell.at) as string;
        expect(text).toBe(formulaText(cell.formula as NonNullable<typeof cell.formula>, "sheets"));
        const parsed = parseFormula(text);
        expect(parsed).toBeDefined();
        expect(() => checkFormula(parsed as NonNullable<typeof parsed>, asRead)).not.toThrow();
        if (cell.format) expect(formats.get(cell.at)).toBe(cell.format);
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
  expect(script.rec.alerts).toEqual([expect.stringMatching(/There is no template "9": type a number from 1 to 4/)]);
  expect(script.rec.toasts).toHaveLength(2);
});
