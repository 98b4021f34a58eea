// A VALUE model laid out on a sheet as an analyst writes one: the options in A1 (a refresh value),
// the fields across row 1 from B, each field's period in row 2, the companies down column A from
// row 3, and in every other cell =MDQ_VALUE($A3, B$1, B$2, $A$1). The sheet's values and formulas
// go into the Apps Script stand-ins' recorder (what a custom function reads with getDataRange); the
// cells come back as Sheets calls them (each reference's value), company by company or field by
// field, the two orders Sheets might start them in.
import type { Recorder } from "./apps-script";
import type { Cell } from "./executions";

const letters = (n: number): string => (n >= 26 ? letters(Math.floor(n / 26) - 1) : "") + String.fromCharCode(65 + (n % 26));

export interface Model {
  companies: readonly string[];
  fields: readonly string[];
  /** The period of each field's column, in turn. */
  periods: readonly unknown[];
}

export function layModel(rec: Recorder, model: Model, refresh: string, order: "company" | "field"): Cell[] {
  const sheet = rec.activeSheet;
  const options = `refresh=${refresh}`;
  rec.cells.set(`${sheet}!A1`, options);
  const periodOf = (f: number) => model.periods[f % model.periods.length];
  model.fields.forEach((field, f) => {
    rec.cells.set(`${sheet}!${letters(f + 1)}1`, field);
    rec.cells.set(`${sheet}!${letters(f + 1)}2`, periodOf(f));
  });
  model.companies.forEach((key, c) => {
    rec.cells.set(`${sheet}!A${c + 3}`, key);
    model.fields.forEach((_, f) => {
      const col = letters(f + 1);
      rec.formulas.set(`${sheet}!${col}${c + 3}`, `=MDQ_VALUE($A${c + 3}, ${col}$1, ${col}$2, $A$1)`);
    });
  });
  const cell = (c: number, f: number): Cell => ["MDQ_VALUE", [model.companies[c], model.fields[f], periodOf(f), options]];
  const cs = [...model.companies.keys()];
  const fs = [...model.fields.keys()];
  return order === "company" ? cs.flatMap((c) => fs.map((f) => cell(c, f))) : fs.flatMap((f) => cs.map((c) => cell(c, f)));
}
