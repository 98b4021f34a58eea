// Explain in the sidebar reads the selected cell's formula as written: its arguments as the cell
// passes them, its options with explain=true added; a reference or an expression it cannot read
// from the page is refused with a way out, never run with a wrong value.

import { sidebarCatalogue } from "../../src/sheets/page/catalogue";
import { explainCall } from "../../src/sheets/page/explain";

const catalogue = sidebarCatalogue();

test.each([
  ['=MDQ_VALUE("BBCA", "revenue", -1)', { name: "VALUE", args: ["BBCA", "revenue", -1, "explain=true"] }],
  [
    '=MDQ_QUARTERLY("BBCA";4;;;"fields=date,revenue; explain=false")',
    { name: "QUARTERLY", args: ["BBCA", 4, null, null, "fields=date,revenue; explain=true"] },
  ],
  ['=MDQ_LIST("tags")', { name: "LIST", args: ["tags", "explain=true"] }],
])("%s", (formula, call) => {
  // Every positional argument (blank as null), then the options.
  expect(explainCall(formula, catalogue)).toEqual(call);
});

test.each([
  ['=MDQ_VALUE(A2, "revenue", -1)', /A2 is a cell reference: add explain=true to the formula's options instead/],
  ['=MDQ_QUARTERLY("BBCA", 2+2)', /2\+2 is an expression/],
  ["=SUM(A1:A3)", /holds no MDQ formula/],
  ["", /holds no MDQ formula/],
  ['=MDQ_NOPE("x")', /holds no MDQ formula/],
])("%s is refused", (formula, message) => {
  expect(() => explainCall(formula, catalogue)).toThrow(message);
});
