// Dates going back to the sheet. With dates=date the core asks the host to write each ISO value
// of a date column. A calendar date becomes midnight in the script's time zone (appsscript.json),
// which Sheets shows as that day when the spreadsheet uses the same zone; a timestamp keeps its
// instant. Text that is not a date stays text.
import { isIsoDate } from "../../shared/cells";

export function toSheetsDate(iso: string): Date | undefined {
  if (isIsoDate(iso)) {
    const [y, m, d] = iso.split("-").map(Number);
    return new Date(y, m - 1, d);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso)) return undefined;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}
