// Time zones for the Apps Script stand-ins, computed with Intl.DateTimeFormat (not with MDQ's own
// code, which is what the tests check):
//   - formatDate plays Utilities.formatDate(date, timeZone, pattern), which formats like Java's
//     SimpleDateFormat in that zone. Only the pattern letters below are emulated; any other letter
//     throws, so no test can lean on a letter the stand-in does not really implement. An unknown
//     zone ID formats in GMT, as Java's TimeZone.getTimeZone does.
//   - midnightIn gives the instant a date cell holds in Sheets: the first moment of that calendar
//     day in the spreadsheet's zone (midnight, or the end of a clock change that skips it).

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    let zone = timeZone;
    try {
      new Intl.DateTimeFormat("en-US", { timeZone });
    } catch {
      zone = "UTC";
    }
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface ZoneFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** The wall clock in `timeZone` at instant `ms`. */
export function zoneFields(ms: number, timeZone: string): ZoneFields {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) if (p.type !== "literal") parts[p.type] = Number(p.value);
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
    millisecond: ((ms % 1000) + 1000) % 1000,
  };
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** Utilities.formatDate: letters y, M, d, H, m, s, S; text in single quotes ('' is a quote). */
export function formatDate(date: Date, timeZone: string, pattern: string): string {
  // The Date comes from the script's realm: no instanceof across realms.
  if (typeof date?.getTime !== "function" || Number.isNaN(date.getTime())) throw new Error("Exception: Invalid argument: date");
  const f = zoneFields(date.getTime(), timeZone);
  const value: Record<string, number> = { y: f.year, M: f.month, d: f.day, H: f.hour, m: f.minute, s: f.second, S: f.millisecond };
  let out = "";
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i];
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      out += end === i + 1 ? "'" : pattern.slice(i + 1, end < 0 ? pattern.length : end);
      i = end < 0 ? pattern.length : end + 1;
      continue;
    }
    if (!/[A-Za-z]/.test(c)) {
      out += c;
      i++;
      continue;
    }
    let n = 1;
    while (pattern[i + n] === c) n++;
    if (!(c in value)) throw new Error(`the formatDate stand-in does not implement the pattern letter '${c}'`);
    out += c === "y" && n === 2 ? pad(f.year % 100, 2) : pad(value[c], n);
    i += n;
  }
  return out;
}

/** Epoch ms of the first moment of `iso` (YYYY-MM-DD) in `timeZone`, found by walking quarter
 *  hours (every zone offset in use today is a whole number of them). */
export function midnightIn(iso: string, timeZone: string): number {
  const [y, m, d] = iso.split("-").map(Number);
  const start = Date.UTC(y, m - 1, d) - 15 * 3_600_000;
  for (let t = start; t < start + 42 * 3_600_000; t += 15 * 60_000) {
    const f = zoneFields(t, timeZone);
    if (f.year === y && f.month === m && f.day === d) return t;
  }
  throw new Error(`no moment of ${iso} in ${timeZone}`);
}

/** "YYYY-MM-DD HH:mm" of an instant in a zone: what a Sheets cell in that zone shows. */
export function shownIn(ms: number, timeZone: string): string {
  const f = zoneFields(ms, timeZone);
  return `${pad(f.year, 4)}-${pad(f.month, 2)}-${pad(f.day, 2)} ${pad(f.hour, 2)}:${pad(f.minute, 2)}`;
}
