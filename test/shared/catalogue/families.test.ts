// The catalogue's rows by family (shared/catalogue/families.ts), each family one script of the
// Excel engine's: every row is in exactly one family, and each family's rows are the catalogue's.
import { CATALOGUE } from "../../../shared/catalogue/catalogue";
import * as families from "../../../shared/catalogue/families";

const { ROW_FAMILIES } = families;
const rowsOf = (name: string) => (families as unknown as Record<string, ReadonlyArray<{ name: string }>>)[name];

test("every row of the catalogue is in exactly one family, and no family holds a row the catalogue lacks", () => {
  const held = ROW_FAMILIES.flatMap((family) => rowsOf(family.rows).map((fn) => fn.name));
  expect([...held].sort()).toEqual(CATALOGUE.map((fn) => fn.name).sort());
  expect(new Set(held).size).toBe(held.length);
  // The catalogue's own objects, not copies.
  for (const family of ROW_FAMILIES) for (const fn of rowsOf(family.rows)) expect(CATALOGUE).toContain(fn);
});

test("each family has an id fit for a script's name, once, and rows", () => {
  const ids = ROW_FAMILIES.map((family) => family.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const family of ROW_FAMILIES) {
    expect(family.id).toMatch(/^[a-z]+$/);
    expect(rowsOf(family.rows).length).toBeGreaterThan(0);
  }
  // VALUE and QUARTERLY, the functions of most workbooks, load as one script.
  const familyOf = (name: string) => ROW_FAMILIES.find((family) => rowsOf(family.rows).some((fn) => fn.name === name))?.id;
  expect(familyOf("VALUE")).toBe(familyOf("QUARTERLY"));
});
