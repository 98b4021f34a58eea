// The builder's pure parts: the catalogue described for it, the formulas it writes in either
// host's spelling, and a cell's formula read back into its fields.
import { argHelp, DISPLAY_OPTIONS, GROUP_TITLES } from "../../shared";
import { CATALOGUE, findFunction } from "../../shared/catalogue/catalogue";
import type { ArgSpec } from "../../shared/input/arg-spec";
import { type CatalogueWords, describeCatalogue } from "../../src/builder/describe";
import { cellValueOf, fieldsOf, formulaOf, isReference, literal, readFormula } from "../../src/builder/formula";
import { parseCell } from "../../src/playground/formula";

const words: CatalogueWords = {
  groupTitles: GROUP_TITLES,
  displayOptions: DISPLAY_OPTIONS,
  summary: (fn) => fn.summary,
  output: (fn) => fn.output,
  help: (_fn, arg) => argHelp(arg as ArgSpec),
  example: (fn) => fn.example,
};
const described = describeCatalogue(CATALOGUE, words);
const named = (name: string) => described.functions.find((f) => f.name === name)!;
const arg = (fn: string, name: string) => [...named(fn).args, ...named(fn).options].find((a) => a.name === name)!;

describe("the catalogue described", () => {
  test("every function, grouped by market in the titles' order, with help, choices, lists and company pickers", () => {
    expect(described.functions.map((f) => f.name)).toEqual(CATALOGUE.map((f) => f.name));
    expect(described.groups.map((g) => g.title)).toEqual(Object.values(GROUP_TITLES));
    expect(arg("INDEX", "index_code").choices).toContain("lq45");
    expect(arg("INDEX", "index_code").help).toBe(argHelp(findFunction("INDEX")!.args[0]));
    expect(arg("QUARTERLY", "approx").choices).toEqual(["TRUE", "FALSE"]);
    expect(arg("QUARTERLY", "ticker").company).toBe("IDX");
    expect(arg("SGX_REPORT", "symbol").company).toBe("SGX");
    expect(arg("KLSE_REPORT", "ticker").company).toBe("KLSE");
    expect(arg("MINING_COMPANY", "company").company).toBe("MINING");
    expect(arg("VALUE", "key").company).toBe("ANY");
    expect(arg("COMPANIES", "sub_sector").list).toEqual({ kind: "subsectors", column: "subsector" });
    expect(arg("SGX_COMPANIES", "sector").list).toEqual({ kind: "sgx_sectors", column: "sector" });
    expect(arg("KLSE_TOP", "sector").list).toEqual({ kind: "klse_sectors", column: "sector" });
    expect(arg("FILINGS", "sector").list).toEqual({ kind: "subsectors", column: "sector" });
    // Every function takes the display options, explain among them.
    for (const f of described.functions) expect(f.options.map((o) => o.name)).toContain("explain");
  });

  test("codes shaped like addresses: SGX symbols are values, IDX tickers and dates are not", () => {
    expect(arg("SGX_REPORT", "symbol").codes).toBe(true);
    expect(arg("QUARTERLY", "ticker").codes).toBe(false);
    expect(arg("INDEX", "start").codes).toBe(false);
  });
});

describe("formulas", () => {
  test("literals: numbers, booleans and references bare, anything else quoted; a leading zero stays text", () => {
    expect(literal("4")).toBe("4");
    expect(literal("true")).toBe("TRUE");
    expect(literal("A1")).toBe("A1");
    expect(literal("Sheet1!$B$2:C9")).toBe("Sheet1!$B$2:C9");
    expect(literal("0166")).toBe('"0166"');
    expect(literal("idx30")).toBe('"idx30"');
    expect(literal('say "hi"')).toBe('"say ""hi"""');
    // An SGX symbol is a cell address too: where the argument takes it as a value, it is text.
    expect(literal("D05", arg("SGX_REPORT", "symbol"))).toBe('"D05"');
    expect(literal("A1:A3", arg("FILINGS", "tickers"))).toBe("A1:A3");
    expect(isReference("A1", arg("QUARTERLY", "ticker"))).toBe(true);
    expect(isReference("D05", arg("SGX_REPORT", "symbol"))).toBe(false);
    expect([cellValueOf("4"), cellValueOf("false"), cellValueOf(" BBCA "), cellValueOf("")]).toEqual([4, false, "BBCA", null]);
  });

  test("another workbook's reference (a UNC path, a URL, a macro workbook) is never written as one: it is quoted text", () => {
    const unc = String.raw`'\\h\x\[a.xlsx]S'!A1`;
    for (const text of [
      unc,
      String.raw`'\\host@8080\share\[book.xlsx]Sheet1'!$A$1:B2`,
      "'https://evil.example/[a.xlsx]S'!A1",
      String.raw`'C:\Users\me\[macros.xlsm]S'!A1`,
      "[Book1.xlsx]Sheet1!A1",
    ]) {
      expect(isReference(text)).toBe(false);
      expect(literal(text)).toBe(`"${text}"`);
      expect(readFormula(`=MDQ.QUARTERLY(${text})`)?.args[0].kind).not.toBe("reference");
    }
    // This workbook's sheets stay references, a quote in a sheet's name written twice.
    expect(literal("'My sheet'!A1:B2")).toBe("'My sheet'!A1:B2");
    expect(literal("'Bob''s'!C3")).toBe("'Bob''s'!C3");
    // A formula with the symbol in it is one call whose argument is that text, in the playground too.
    const formula = formulaOf(named("QUARTERLY"), { ticker: unc, n_quarters: "4" }, {});
    expect(formula).toBe(`=MDQ.QUARTERLY("${unc}", 4)`);
    expect(readFormula(formula)?.args[0]).toEqual({ kind: "value", value: unc });
    expect(parseCell(formula)).toMatchObject({ type: "call", call: { name: "QUARTERLY" } });
  });

  test("a value resolved from an answer is text whatever its shape: a code, a number, an address, a reference", () => {
    expect(literal("1155", undefined, true)).toBe('"1155"');
    expect(literal("A1", undefined, true)).toBe('"A1"');
    expect(literal("TRUE", undefined, true)).toBe('"TRUE"');
    expect(literal("Sheet1!A1", undefined, true)).toBe('"Sheet1!A1"');
    expect(literal('a "b"', undefined, true)).toBe('"a ""b"""');
    const klse = named("KLSE_REPORT");
    expect(formulaOf(klse, { ticker: "1155" }, {})).toBe("=MDQ.KLSE_REPORT(1155)");
    expect(formulaOf(klse, { ticker: "1155" }, {}, "MDQ.", ",", new Set(["ticker"]))).toBe('=MDQ.KLSE_REPORT("1155")');
    expect(formulaOf(named("QUARTERLY"), { ticker: "B2" }, {}, "MDQ.", ",", new Set(["ticker"]))).toBe('=MDQ.QUARTERLY("B2")');
    // The options are one text, even one shaped like an address.
    expect(formulaOf(named("LIST"), { kind: "tags" }, { fields: "A1" })).toBe('=MDQ.LIST("tags", "fields=A1")');
  });

  test("formulas drop trailing blanks and gather options, in Excel's and Sheets' spelling", () => {
    expect(formulaOf(named("INDEX"), { index_code: "lq45", start: "", end: "A1" }, {})).toBe('=MDQ.INDEX("lq45", , A1)');
    expect(formulaOf(named("FILINGS"), { tickers: "BBCA" }, { n: "5", headers: "FALSE" })).toBe(
      '=MDQ.FILINGS("BBCA", , , "n=5; headers=FALSE")',
    );
    expect(formulaOf(named("QUARTERLY"), { ticker: "BBCA", n_quarters: "4" }, {}, "MDQ_", ";")).toBe('=MDQ_QUARTERLY("BBCA"; 4)');
  });

  test("every function's example makes a formula the playground reads as that call, and the builder reads back", () => {
    for (const fn of described.functions) {
      const args = Object.fromEntries(fn.args.map((a, i) => [a.name, fn.example[i] ?? ""]));
      const formula = formulaOf(fn, args, { explain: "TRUE" });
      expect(parseCell(formula)).toMatchObject({ type: "call", call: { name: fn.name } });
      const call = readFormula(formula);
      expect(call?.name).toBe(fn.name);
      const fields = fieldsOf(fn, call!);
      expect(fields).toEqual({ args, options: { explain: "TRUE" } });
      expect(formulaOf(fn, fields.args, fields.options)).toBe(formula);
    }
  });
});

describe("a cell's formula read back", () => {
  test("Excel's and Sheets' spelling, either separator, quotes inside text, references and blanks", () => {
    expect(readFormula('=MDQ.QUARTERLY("BBCA", 4)')).toEqual({
      name: "QUARTERLY",
      args: [
        { kind: "value", value: "BBCA" },
        { kind: "value", value: 4 },
      ],
    });
    expect(readFormula('=MDQ_QUARTERLY("BBCA";4)')).toEqual(readFormula('=MDQ.QUARTERLY("BBCA", 4)'));
    expect(readFormula('=mdq.index("a "",b"" c", , $A$1, TRUE)')?.args).toEqual([
      { kind: "value", value: 'a ",b" c' },
      { kind: "blank" },
      { kind: "reference", text: "$A$1" },
      { kind: "value", value: true },
    ]);
    expect(readFormula("=MDQ.LIST()")).toEqual({ name: "LIST", args: [] });
    expect(readFormula("=MDQ.GET(CONCAT(A1, B1))")?.args).toEqual([{ kind: "other", text: "CONCAT(A1, B1)" }]);
  });

  test("anything but one MDQ call is not one: text, other functions, a call inside an expression, an unclosed call", () => {
    for (const text of [
      "BBCA",
      "=SUM(A1:A3)",
      '=MDQ.QUARTERLY("BBCA")+1',
      '=1+MDQ.QUARTERLY("BBCA")',
      '=MDQ.QUARTERLY("BBCA"',
      '=MDQ.X("a)',
    ])
      expect(readFormula(text)).toBeUndefined();
  });

  test("what the fields cannot hold is said: options as a range, more arguments than the function takes", () => {
    expect(fieldsOf(named("QUARTERLY"), readFormula('=MDQ.QUARTERLY("BBCA", 4, , , D1:E3)')!).problem).toBe(
      "its options are D1:E3, which the builder cannot show",
    );
    expect(fieldsOf(named("LIST"), readFormula('=MDQ.LIST("tags", "", 3)')!).problem).toBe("it has 3 arguments, more than LIST takes");
  });
});
