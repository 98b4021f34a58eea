// src/sheets/dates.ts on the days that are hard: clocks that skip midnight, half-hour zones, years
// before 100, timestamps with and without a zone. Run against the harness's Utilities.formatDate,
// itself checked here against instants known from the zones' rules.
import { formatDate, midnightIn, shownIn } from "../../scripts/harness/zones";
import { readDates, toSheetsDate } from "../../src/sheets/dates";

beforeAll(() => {
  Object.assign(globalThis, { Utilities: { formatDate } });
});
afterAll(() => {
  delete (globalThis as Record<string, unknown>).Utilities;
});

const zone = (name: string) => () => name;

describe("the stand-in's formatDate", () => {
  test.each([
    // 2024-03-31 00:00 in each zone, from the zone's offset that day.
    ["Asia/Kolkata", "2024-03-30T18:30:00Z"],
    ["Asia/Singapore", "2024-03-30T16:00:00Z"],
    ["Asia/Jakarta", "2024-03-30T17:00:00Z"],
    ["Europe/London", "2024-03-31T00:00:00Z"],
    ["America/New_York", "2024-03-31T04:00:00Z"],
  ])("formats midnight of 2024-03-31 in %s", (tz, instant) => {
    expect(formatDate(new Date(instant), tz, "yyyy-MM-dd'T'HH:mm:ss.SSS")).toBe("2024-03-31T00:00:00.000");
    expect(midnightIn("2024-03-31", tz)).toBe(Date.parse(instant));
  });
  test("quotes, short fields, an unknown zone as GMT, and no letter it does not implement", () => {
    expect(formatDate(new Date("2024-03-05T07:08:09.004Z"), "UTC", "y-M-d H:m:s.S 'at' ''yy''")).toBe("2024-3-5 7:8:9.4 at '24'");
    expect(formatDate(new Date("2024-03-05T07:08:09Z"), "Not/AZone", "HH:mm")).toBe("07:08");
    expect(() => formatDate(new Date(), "UTC", "EEE")).toThrow(/does not implement the pattern letter 'E'/);
  });
});

describe("dates=date values", () => {
  test.each([
    "Europe/London",
    "America/New_York",
    "Asia/Singapore",
    "Asia/Tokyo",
    "Asia/Jakarta",
    "Asia/Kolkata",
    "Pacific/Kiritimati",
    "Pacific/Pago_Pago",
  ])("a calendar day is its midnight in %s, every day of 2024", (tz) => {
    for (let day = Date.UTC(2024, 0, 1); day < Date.UTC(2025, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      expect(shownIn(toSheetsDate(iso, zone(tz))!.getTime(), tz)).toBe(`${iso} 00:00`);
    }
  });
  test("a day whose midnight the clocks skip is its first moment (America/Santiago, 2024-09-08 starts at 01:00)", () => {
    const d = toSheetsDate("2024-09-08", zone("America/Santiago"))!;
    expect(shownIn(d.getTime(), "America/Santiago")).toBe("2024-09-08 01:00");
    expect(d.getTime()).toBe(midnightIn("2024-09-08", "America/Santiago"));
  });
  test("a timestamp with a zone keeps its instant; one without shows as written; anything else is not a date", () => {
    expect(toSheetsDate("2024-03-31T10:00:00Z", zone("Asia/Tokyo"))!.toISOString()).toBe("2024-03-31T10:00:00.000Z");
    expect(toSheetsDate("2024-03-31T10:00:00.123456+07:00", zone("Asia/Tokyo"))!.toISOString()).toBe("2024-03-31T03:00:00.123Z");
    expect(shownIn(toSheetsDate("2024-03-31T09:30:00", zone("Asia/Singapore"))!.getTime(), "Asia/Singapore")).toBe("2024-03-31 09:30");
    expect(shownIn(toSheetsDate("2024-03-10T02:30", zone("America/New_York"))!.getTime(), "America/New_York")).toBe("2024-03-10 03:30");
    for (const text of ["2024-02-30", "2024-02-30T10:00:00", "2024-03-31T25:00:00", "31/03/2024", "soon"]) {
      expect(toSheetsDate(text, zone("Asia/Tokyo"))).toBeUndefined();
    }
  });
});

describe("date cells in", () => {
  test("a cell and a range's cells read as their wall clock in the spreadsheet's zone; other values untouched", () => {
    const tz = "Asia/Singapore";
    const cell = new Date(midnightIn("2024-03-31", tz) + 90 * 60_000); // 01:30
    const [single, range, text] = readDates([cell, [[cell, "x"], [5]], "2024-03-31"], zone(tz)) as [Date, unknown[][], string];
    expect(single.toISOString()).toBe("2024-03-31T01:30:00.000Z");
    expect((range[0][0] as Date).toISOString()).toBe("2024-03-31T01:30:00.000Z");
    expect(range[0][1]).toBe("x");
    expect(range[1][0]).toBe(5);
    expect(text).toBe("2024-03-31");
  });
  test("a cell in a year before 100 keeps its year (Date.UTC would read it as 19xx)", () => {
    const cell = new Date(Date.UTC(2000, 5, 1, 3));
    cell.setUTCFullYear(50);
    expect((readDates([cell], zone("UTC"))[0] as Date).toISOString()).toBe("0050-06-01T03:00:00.000Z");
  });
  test("the zone is not asked for when there is no date", () => {
    const ask = jest.fn(() => "Asia/Tokyo");
    readDates(["BBCA", [[1, "a"]], null, undefined], ask);
    expect(ask).not.toHaveBeenCalled();
  });
});
