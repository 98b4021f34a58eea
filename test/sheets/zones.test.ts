// Dates in the spreadsheet's time zone, through the built script. Sheets passes a date cell as the
// first moment of that day in the spreadsheet's zone (File > Settings), which need not be the
// script's (appsscript.json: Asia/Jakarta), and shows a returned Date in the spreadsheet's zone.
// So a date cell must send its own day, and a dates=date value must show its day at 00:00, in
// zones ahead of UTC, behind it, on the half hour, and on the days clocks change.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { loadScript, plain } from "../../scripts/harness/load-sheets";
import { type Running, startSandboxWorker, workerBundle } from "../../scripts/harness/workers";
import { shownIn } from "../../scripts/harness/zones";

const KEY = "sheets-zones-key-9e12";
let sandbox: Running;

beforeAll(async () => {
  sandbox = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30" });
});
afterAll(() => sandbox.close());

const ZONES = ["Europe/London", "America/New_York", "Asia/Singapore", "Asia/Tokyo", "Asia/Jakarta", "Asia/Kolkata"];

const scriptIn = (timeZone: string) => loadScript({ baseUrl: sandbox.url, apiKey: KEY, timeZone });

describe.each(ZONES)("spreadsheet in %s", (zone) => {
  test("INDEX with date cells of 2024-03-01 and 2024-03-31 asks for exactly those days", () => {
    const { ctx, rec, dateCell } = scriptIn(zone);
    const cells = ctx.MDQ_INDEX("lq45", dateCell("2024-03-01"), dateCell("2024-03-31"));
    expect(rec.requests).toHaveLength(1);
    expect(rec.requests[0].url).toMatch(/[?&]end=2024-03-31(&|$)/);
    expect(rec.requests[0].url).toMatch(/[?&]start=2024-03-01(&|$)/);
    expect(plain(cells)).toEqual(plain(scriptIn(zone).ctx.MDQ_INDEX("lq45", "2024-03-01", "2024-03-31")));
  });

  test("a date-and-time cell late in the day still sends that day", () => {
    const { ctx, rec, dateCell, evaluate } = scriptIn(zone);
    // 23:30 on a day without a clock change in any of these zones.
    const lateEvening = evaluate<(d: Date) => Date>("(d) => new Date(d.getTime() + (23 * 60 + 30) * 60000)")(dateCell("2024-03-28"));
    ctx.MDQ_INDEX("lq45", "2024-03-01", lateEvening);
    expect(rec.requests[0].url).toMatch(/[?&]end=2024-03-28(&|$)/);
  });

  test("a date cell where text is expected is quoted with its own day", () => {
    const { errorOf, rec, dateCell } = scriptIn(zone);
    expect(errorOf("MDQ_INDEX", "lq45", "2024-03-01", "2024-03-31", dateCell("2024-03-31"))).toMatch(/\(got 2024-03-31\)/);
    expect(rec.requests).toHaveLength(0);
  });

  test("date values (the default) show their own day at 00:00 (March, across the clock changes of New York and London)", () => {
    const { ctx } = scriptIn(zone);
    const asText = ctx.MDQ_INDEX("lq45", "2024-03-01", "2024-04-05", "dates=text");
    const asDates = ctx.MDQ_INDEX("lq45", "2024-03-01", "2024-04-05");
    const at = asText[0].indexOf("date");
    expect(at).toBeGreaterThanOrEqual(0);
    expect(asText.length).toBeGreaterThan(20);
    for (let r = 1; r < asText.length; r++) {
      const value = asDates[r][at];
      expect(Object.prototype.toString.call(value)).toBe("[object Date]");
      expect(shownIn(value.getTime(), zone)).toBe(`${asText[r][at]} 00:00`);
    }
  });

  test("the zone is read once per call, and not at all by a call without dates", () => {
    const { ctx, rec, dateCell } = scriptIn(zone);
    ctx.MDQ_INDEX("lq45", "2024-03-01", "2024-03-31", "dates=text");
    expect(rec.timeZoneReads).toBe(0);
    ctx.MDQ_INDEX("lq45", dateCell("2024-03-01"), dateCell("2024-03-31"), [
      ["dates", "date"],
      ["refresh", dateCell("2024-03-31")],
    ]);
    expect(rec.timeZoneReads).toBe(1);
  });
});

test("a date cell as the refresh option forces a fresh fetch when it changes, even within one day", () => {
  const { ctx, rec, evaluate, dateCell } = scriptIn("Asia/Singapore");
  const at = (minutes: number) => evaluate<(d: Date) => Date>(`(d) => new Date(d.getTime() + ${minutes * 60000})`)(dateCell("2024-03-31"));
  ctx.MDQ_LIST("tags", [["refresh", at(600)]]);
  ctx.MDQ_LIST("tags", [["refresh", at(600)]]);
  expect(rec.requests).toHaveLength(1);
  ctx.MDQ_LIST("tags", [["refresh", at(601)]]);
  expect(rec.requests).toHaveLength(2);
});

test.each(["Asia/Jakarta", "America/Los_Angeles"])(
  "with the script's own runtime in %s, every spreadsheet zone still gets its own days",
  (runtimeZone) => {
    // The harness and load-sheets find their files from __dirname, which a bundle run with -e lacks.
    const code = workerBundle({
      entryPoints: [join(__dirname, "zone-probe.ts")],
      define: { __dirname: JSON.stringify(join(__dirname, "..", "..", "scripts", "harness")) },
    });
    const run = spawnSync(process.execPath, ["-e", code, JSON.stringify({ baseUrl: sandbox.url, apiKey: KEY, zones: ZONES })], {
      env: { ...process.env, TZ: runtimeZone },
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(run.stderr).toBe("");
    const probe = JSON.parse(run.stdout) as {
      runtimeZone: string;
      results: Array<{ zone: string; url: string; shown: string[]; asText: string[] }>;
    };
    expect(probe.runtimeZone).toBe(runtimeZone);
    expect(probe.results.map((r) => r.zone)).toEqual(ZONES);
    for (const r of probe.results) {
      expect(r.url).toMatch(/[?&]start=2024-03-01(&|$)/);
      expect(r.url).toMatch(/[?&]end=2024-03-31(&|$)/);
      expect(r.asText.length).toBeGreaterThan(5);
      expect(r.shown).toEqual(r.asText);
    }
  },
);
