// Google's insertSheet makes the new sheet the active one, and the stand-in does too: MDQ adds
// sheets of its own (the refresh cell's MDQ sheet, a template's sheets) and must leave the person
// on the sheet they were on.
import { loadScript } from "../../scripts/harness/load-sheets";
import { TEMPLATES } from "../../shared";

test("the stand-in's insertSheet takes the person to the new sheet, as Google's does", () => {
  const { ctx, rec } = loadScript();
  expect(rec.activeSheet).toBe("Sheet1");
  // The script's own realm: what MDQ calls.
  const ss = ctx.SpreadsheetApp.getActiveSpreadsheet();
  ss.insertSheet("Other");
  expect(rec.activeSheet).toBe("Other");
  expect(ss.getActiveSheet().getName()).toBe("Other");
  expect(() => ss.insertSheet("Other")).toThrow(/already exists/);
});

test("the first editor to open the spreadsheet stays on their sheet while MDQ adds its own", () => {
  const script = loadScript();
  script.open();
  expect(script.rec.namedRanges.get("MDQ_REFRESH")).toBe("MDQ!B1");
  expect(script.rec.activeSheet).toBe("Sheet1");
});

test("Refresh all that has to make the MDQ sheet leaves the person where they were", () => {
  const { ctx, rec } = loadScript();
  const ss = ctx.SpreadsheetApp.getActiveSpreadsheet();
  ss.insertSheet("Tracker");
  expect(rec.activeSheet).toBe("Tracker");
  ctx.mdqRefreshAll();
  expect(rec.namedRanges.get("MDQ_REFRESH")).toBe("MDQ!B1");
  expect(rec.activeSheet).toBe("Tracker");
});

test("Insert template adds its sheets and shows the template's first sheet, not its notes (the last inserted)", () => {
  const { ctx, rec } = loadScript();
  rec.promptAnswers.push("1");
  ctx.mdqInsertTemplate();
  expect(rec.toasts[0]).toMatch(/added/);
  expect(rec.formulas.size).toBeGreaterThan(0);
  expect(rec.activeSheet).toBe(TEMPLATES[0].sheets[0].name);
});
