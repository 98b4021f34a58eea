// The plain calls of a custom function in a formula's text (src/sheets/formula-calls.ts): what a
// VALUE cell reads of its sheet to learn how far back each company's cells reach.
import { plainCalls } from "../../src/sheets/formula-calls";

const sheet: unknown[][] = [
  ["refresh=1", "revenue", "earnings"],
  ["", "2023Q1", -1],
  ["BBCA", "", ""],
];
const at = (row: number, column: number) => sheet[row]?.[column] ?? null;

test.each([
  ['=MDQ_VALUE("BBCA", "revenue", "FY2024")', [["BBCA", "revenue", "FY2024"]]],
  ["=MDQ_VALUE($A3, B$1, B$2, $A$1)", [["BBCA", "revenue", "2023Q1", "refresh=1"]]],
  ["=mdq_value(A3;C1;C2)", [["BBCA", "earnings", -1]]],
  [
    '=MDQ_VALUE(A3, "revenue", ) / MDQ_VALUE(A3, "revenue", -5) - 1',
    [
      ["BBCA", "revenue", null],
      ["BBCA", "revenue", -5],
    ],
  ],
  ['=MDQ_VALUE("A ""quoted"" key", "x", TRUE, 1.5E3)', [['A "quoted" key', "x", true, 1500]]],
  ['=IFERROR(MDQ_VALUE(A3, "revenue", -1), 0)', [["BBCA", "revenue", -1]]],
])("%s", (formula, calls) => {
  expect(plainCalls(formula, "MDQ_VALUE", at)).toEqual(calls);
});

test.each([
  ['=MDQ_VALUE(A3:A9, "revenue", -1)'],
  ['=MDQ_VALUE(Inputs!A3, "revenue", -1)'],
  ['=MDQ_VALUE(A3, "rev" & "enue", -1)'],
  ['=MDQ_VALUE(A3, LOWER("REVENUE"), -1)'],
  ['=XMDQ_VALUE(A3, "revenue", -1)'],
  ['=MDQ_VALUE(A3, "revenue"'],
  ['=MDQ_QUARTERLY("BBCA", 4)'],
])("%s: not a plain call of MDQ_VALUE, so not read", (formula) => {
  expect(plainCalls(formula, "MDQ_VALUE", at)).toEqual([]);
});
