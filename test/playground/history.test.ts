// Undo and redo over the playground's sheet without a browser: what a step records, what undo and
// redo put back (texts, formats, and the formulas' runs), the redo branch, the bound; and how a
// paste is cut into cells. test/playground/undo.test.ts drives the same through the page.
import { parseAddress } from "../../src/playground/address";
import { History } from "../../src/playground/history";
import { pastedCells } from "../../src/playground/paste";
import { Sheet, type Value } from "../../src/playground/sheet";

const at = (a: string) => parseAddress(a)!;
const flush = () => new Promise((r) => setTimeout(r, 0));

/** A sheet whose functions answer at once with their arguments, recording every call. */
function sheetWithHistory(limit?: number) {
  const calls: Array<{ name: string; args: unknown[] }> = [];
  const sheet = new Sheet(20, 8, (name, args) => {
    calls.push({ name, args });
    return { result: Promise.resolve([[`${name}(${args.join(",")})`]] as Value[][]), cancel: () => {} };
  });
  return { sheet, calls, history: new History(sheet, limit) };
}

test("undo puts back the cell's text and its formula runs again; redo brings the new text back", async () => {
  const { sheet, calls, history } = sheetWithHistory();
  history.record("typing in A1", () => sheet.setInput(at("A1"), '=MDQ.QUARTERLY("BBCA", 4)'));
  history.record("typing in A1", () => sheet.setInput(at("A1"), '=MDQ.QUARTERLY("TLKM", 4)'));
  await flush();
  expect(sheet.shown(at("A1"))).toMatchObject({ value: "QUARTERLY(TLKM,4)" });
  expect(history.nextUndo()).toBe("typing in A1");

  expect(history.undo()).toEqual(at("A1"));
  expect(sheet.input(at("A1"))).toBe('=MDQ.QUARTERLY("BBCA", 4)');
  expect(sheet.shown(at("A1"))).toEqual({ kind: "busy" });
  await flush();
  expect(sheet.shown(at("A1"))).toMatchObject({ value: "QUARTERLY(BBCA,4)" });
  expect(calls).toHaveLength(3);

  expect(history.redo()).toEqual(at("A1"));
  expect(sheet.input(at("A1"))).toBe('=MDQ.QUARTERLY("TLKM", 4)');
  await flush();
  expect(sheet.shown(at("A1"))).toMatchObject({ value: "QUARTERLY(TLKM,4)" });

  // Back to before the first edit: an empty cell.
  history.undo();
  history.undo();
  expect(sheet.contents()).toEqual({});
  expect(history.nextUndo()).toBeUndefined();
  expect(history.undo()).toBeUndefined();
});

test("a new edit after an undo drops the redo branch; an edit that changes nothing is no step", () => {
  const { sheet, history } = sheetWithHistory();
  history.record("typing in A1", () => sheet.setInput(at("A1"), "1"));
  history.record("typing in A2", () => sheet.setInput(at("A2"), "2"));
  history.undo();
  expect(history.nextRedo()).toBe("typing in A2");
  history.record("typing in A1", () => sheet.setInput(at("A1"), "1"));
  expect(history.nextRedo()).toBe("typing in A2");
  history.record("typing in B1", () => sheet.setInput(at("B1"), "3"));
  expect(history.nextRedo()).toBeUndefined();
  expect(history.redo()).toBeUndefined();
  expect(sheet.contents()).toEqual({ A1: "1", B1: "3" });
});

test("a step holds every cell one action changed, and every format when a format changed", () => {
  const { sheet, history } = sheetWithHistory();
  sheet.setFormats([[at("A2"), "@"]]);
  sheet.setInputs([
    [at("A1"), "kept"],
    [at("A2"), "0166"],
  ]);
  // A template load: everything replaced, formats first.
  history.record("opening a template", () => {
    sheet.clear();
    sheet.setFormats([[at("B1"), "#,##0"]]);
    sheet.setInputs([
      [at("A1"), "kept"],
      [at("B1"), "1234"],
    ]);
  });
  expect(sheet.savedFormats()).toEqual({ B1: "#,##0" });

  expect(history.undo()).toEqual(at("B1"));
  expect(sheet.contents()).toEqual({ A1: "kept", A2: "0166" });
  expect(sheet.savedFormats()).toEqual({ A2: "@" });
  // Text again under its "@" format, not the number 166.
  expect(sheet.shown(at("A2"))).toEqual({ kind: "value", value: "0166" });

  history.redo();
  expect(sheet.contents()).toEqual({ A1: "kept", B1: "1234" });
  expect(sheet.savedFormats()).toEqual({ B1: "#,##0" });
  expect(sheet.shown(at("B1"))).toEqual({ kind: "value", value: 1234 });
});

test("the history keeps its last steps only", () => {
  const { sheet, history } = sheetWithHistory(3);
  for (const n of [1, 2, 3, 4, 5]) history.record(`typing ${n}`, () => sheet.setInput(at("A1"), String(n)));
  expect([history.undo(), history.undo(), history.undo()]).toEqual([at("A1"), at("A1"), at("A1")]);
  expect(sheet.input(at("A1"))).toBe("2");
  expect(history.undo()).toBeUndefined();
  expect(sheet.input(at("A1"))).toBe("2");
});

test("pasted text: a row per line, a cell per tab, the spreadsheet's last line break ignored, cut at the sheet's edge", () => {
  expect(pastedCells("a\tb\r\n1\t=MDQ.INDEX(A1)\r\n", at("B2"), { rows: 20, cols: 8 })).toEqual([
    [at("B2"), "a"],
    [at("C2"), "b"],
    [at("B3"), "1"],
    [at("C3"), "=MDQ.INDEX(A1)"],
  ]);
  expect(pastedCells("x\ty\tz\nw", at("G20"), { rows: 20, cols: 8 })).toEqual([
    [at("G20"), "x"],
    [at("H20"), "y"],
  ]);
  // An empty line in the middle is a row of one empty cell: it clears that cell, as in Excel.
  expect(pastedCells("1\n\n3", at("A1"), { rows: 20, cols: 8 })).toEqual([
    [at("A1"), "1"],
    [at("A2"), ""],
    [at("A3"), "3"],
  ]);
});
