// Nested answers never reach a cell as JSON text: a nested object is dotted columns, a list of
// values one cell joined by ", ", a list of records rows (side by side when a record has two), or,
// in a table of one record shown as `field, value` rows, keyed columns.
import { recordTable, tableOf } from "../../../shared/answer/flatten";
import { num, open, str } from "../../../shared/answer/response";

describe("a list of records inside a record", () => {
  test("gives the record one row per item, its other fields repeated, the item's fields dotted", () => {
    const table = tableOf([
      {
        year: 2024,
        breakdown: [
          { date: "2024-05-02", total: 40 },
          { date: "2024-11-04", total: 25 },
        ],
        total: 65,
      },
      { year: 2025, breakdown: [{ date: "2025-05-06", total: 44 }], total: 44 },
    ]);
    expect(table.columns).toEqual(["year", "breakdown.date", "breakdown.total", "total"]);
    expect(table.rows).toEqual([
      [2024, "2024-05-02", 40, 65],
      [2024, "2024-11-04", 25, 65],
      [2025, "2025-05-06", 44, 44],
    ]);
  });

  test("two lists go side by side, not as a cross product; an item's own list gives rows in turn", () => {
    const table = tableOf([{ id: "a", left: [{ x: 1 }, { x: 2 }, { x: 3 }], right: [{ y: "p", deep: [{ z: 7 }, { z: 8 }] }] }]);
    expect(table.columns).toEqual(["id", "left.x", "right.y", "right.deep.z"]);
    expect(table.rows).toEqual([
      ["a", 1, "p", 7],
      ["a", 1, "p", 8],
      ["a", 2, null, null],
      ["a", 3, null, null],
    ]);
  });

  test("through a schema's open field (JSON-encoded text too); an empty list is empty cells", () => {
    const schema = recordTable({ name: str, size: num, products: open });
    const table = schema.decode([
      { name: "one", size: "2.5", products: JSON.stringify([{ product: "p1", heat: { min: 1, max: 2 } }]) },
      { name: "two", size: 3, products: [] },
    ]);
    expect(table.columns).toEqual(["name", "size", "products.product", "products.heat.min", "products.heat.max"]);
    expect(table.rows).toEqual([
      ["one", 2.5, "p1", 1, 2],
      ["two", 3, null, null, null],
    ]);
  });

  test('a list of values is one cell joined by ", "; a list mixing values and records is never JSON', () => {
    const table = tableOf([{ tags: ["a", 1, null, "b"], mixed: [[1, 2], { k: "v" }] }]);
    expect(table.rows.flat().filter((c) => typeof c === "string" && /^[[{]/.test(c))).toEqual([]);
    expect(table.rows[0][table.columns.indexOf("tags")]).toBe("a, 1, , b");
  });
});

test("in a table of one record shown as field, value rows, a list of records is keyed by label or place", () => {
  const table = tableOf([{ name: "x", licenses: [{ kind: "IUP", area: 5 }], scores: [{ name: "value", point: 3 }] }], "columns");
  expect(table.columns).toEqual(["name", "licenses.1.kind", "licenses.1.area", "scores.value.point"]);
  expect(table.rows).toEqual([["x", "IUP", 5, 3]]);
});
