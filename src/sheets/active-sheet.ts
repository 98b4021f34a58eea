// Google's insertSheet makes the new sheet the active one: the person is taken to it. MDQ adds a
// sheet on its own (the refresh cell's MDQ sheet, when the spreadsheet is opened or on Refresh
// all) and puts the person back on the sheet they were on. (Insert template, which the person
// asked for, shows the template's first sheet instead.)
import type { Spreadsheet } from "./apps-script";

export function keepingActiveSheet<T>(ss: Spreadsheet, insert: () => T): T {
  const was = ss.getActiveSheet();
  try {
    return insert();
  } finally {
    ss.setActiveSheet(was);
  }
}
