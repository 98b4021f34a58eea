// The playground's company card: =A2.[Market cap] in its grammar (the core's parseBuiltin) reads a
// field of the COMPANY result in A2 by its label or name, recalculates with it, and says why where
// the card has no such field or the cell holds no card; the panel's sections list the card's fields.
import { parseBuiltin } from "../../shared/catalogue/builtin-formula";
import { parseAddress } from "../../src/playground/address";
import { type CardValue, cardOf, cardSections } from "../../src/playground/card";
import { type Run, Sheet, type Value } from "../../src/playground/sheet";

const at = (a: string) => {
  const cell = parseAddress(a);
  if (!cell) throw new Error(a);
  return cell;
};

/** COMPANY's table as a host without data types shows it (values of the test's own). */
const TABLE: Value[][] = [
  ["field", "value"],
  ["symbol", "KOPI.JK"],
  ["name", "Kopi Nusantara Tbk"],
  ["market", "IDX"],
  ["sector", "Consumer Non-Cyclicals"],
  ["market_cap", 2_500_000_000_000],
  ["net_margin", 0.125],
];

function sheetWith(answer: (name: string) => Value[][]) {
  const calls: string[] = [];
  const sheet = new Sheet(20, 8, (name): Run => {
    calls.push(name);
    return { result: Promise.resolve(answer(name)), cancel: () => undefined };
  });
  return { sheet, calls };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

test("the grammar reads a cell's field: .[Label] or .Name, inside arithmetic", () => {
  expect(parseBuiltin("=A2.[Market cap]")).toEqual({ type: "field", ref: "A2", field: "Market cap" });
  expect(parseBuiltin("=$A$2.Sector")).toEqual({ type: "field", ref: "$A$2", field: "Sector" });
  expect(parseBuiltin("=A2.[Market cap]/1000")).toMatchObject({ type: "op", op: "/", left: { type: "field", field: "Market cap" } });
  expect(() => parseBuiltin("=A2.")).toThrow(/character 4/);
  expect(() => parseBuiltin("=A1:A3.[Market cap]")).toThrow();
});

test("=A2.[Market cap] reads the card of the COMPANY result in A2, by label or by name", async () => {
  const { sheet } = sheetWith(() => TABLE);
  sheet.setInputs([
    [at("A2"), '=MDQ.COMPANY("KOPI")'],
    [at("D1"), "=A2.[Market cap]"],
    [at("D2"), "=a2.market_cap/1000"],
    [at("D3"), "=A2.[Net margin]*100"],
    [at("D4"), "=A2.Name"],
  ]);
  await flush();
  await flush();
  expect(["D1", "D2", "D3", "D4"].map((a) => sheet.shown(at(a)))).toMatchObject([
    { kind: "value", value: 2_500_000_000_000 },
    { kind: "value", value: 2_500_000_000 },
    { kind: "value", value: 12.5 },
    { kind: "value", value: "Kopi Nusantara Tbk" },
  ]);
});

test("a field the card lacks is #FIELD! naming the fields it has; a cell without a card is #VALUE!", async () => {
  const { sheet } = sheetWith((name) => (name === "COMPANY" ? TABLE : [["date"], ["2025-01-02"]]));
  sheet.setInputs([
    [at("A2"), '=MDQ.COMPANY("KOPI")'],
    [at("A10"), '=MDQ.INDEX("lq45")'],
    [at("D1"), "=A2.[ROE]"],
    [at("D2"), "=A10.[Market cap]"],
    [at("D3"), "=H20.[Market cap]"],
  ]);
  await flush();
  await flush();
  expect(sheet.shown(at("D1"))).toMatchObject({
    kind: "error",
    code: "#FIELD!",
    message: expect.stringMatching(/no field 'ROE'.*Market cap/),
  });
  expect(sheet.shown(at("D2"))).toMatchObject({ kind: "error", code: "#VALUE!", message: expect.stringMatching(/MDQ.COMPANY/) });
  expect(sheet.shown(at("D3"))).toMatchObject({ kind: "error", code: "#VALUE!" });
});

test("the panel's sections hold the card's fields by label, in the card's order", () => {
  const card = cardOf("COMPANY", TABLE) as CardValue;
  expect(cardOf("INDEX", TABLE)).toBeUndefined();
  expect(cardSections(card, (_, v) => String(v))).toEqual([
    {
      title: "Company",
      rows: [
        ["Symbol", "KOPI.JK"],
        ["Name", "Kopi Nusantara Tbk"],
        ["Market", "IDX"],
        ["Sector", "Consumer Non-Cyclicals"],
      ],
    },
    { title: "Valuation", rows: [["Market cap", "2500000000000"]] },
    { title: "Financials", rows: [["Net margin", "0.125"]] },
  ]);
});
