// The fixed-clock preload sets the clock of a Node process (the built CLI's, through mdqAt): it
// starts at MDQ_TEST_NOW and moves on from there, refuses a value it cannot read, and leaves the
// real clock alone when unset. And the built CLI, so preloaded, reads the edge-filings stand-in.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEdgeFilings } from "../../scripts/harness/edge-filings";
import { EDGE_FIELDS, EDGE_KEY, EDGE_ROWS, EDGE_TODAY } from "../../scripts/harness/edge-filings-data";
import { decodeEntry } from "../../shared";
import { mdqAt } from "./mdq-at";

const FIXED_CLOCK = join(__dirname, "..", "..", "scripts", "harness", "fixed-clock.cjs");

/** `script` run by Node with the preload, MDQ_TEST_NOW set to `now` unless undefined. */
function nodeAt(now: string | undefined, script: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH, ...(now === undefined ? {} : { MDQ_TEST_NOW: now }) };
  return new Promise((resolve) =>
    execFile(process.execPath, ["--require", FIXED_CLOCK, "-e", script], { env, timeout: 20_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    ),
  );
}

/** Prints new Date() and Date.now(), waits (a bounded loop) for the clock to move, prints it again. */
const TWO_READINGS = `
  const first = new Date().toISOString();
  const firstMs = Date.now();
  for (let i = 0; i < 1e9 && Date.now() === firstMs; i++);
  console.log(JSON.stringify([first, firstMs, Date.now(), Date(), new Date(0).toISOString()]));
`;

test("with MDQ_TEST_NOW a date-time, new Date() and Date.now() start at it and move on", async () => {
  const realBefore = Date.now();
  const { code, stdout, stderr } = await nodeAt("2024-02-29T09:00:00Z", TWO_READINGS);
  const realTook = Date.now() - realBefore;
  expect([code, stderr]).toEqual([0, ""]);
  const [first, firstMs, laterMs, asText, epoch] = JSON.parse(stdout);
  const start = Date.parse("2024-02-29T09:00:00Z");
  // After the instant by no more than the process lived in real time.
  expect(firstMs).toBeGreaterThanOrEqual(start);
  expect(laterMs).toBeLessThanOrEqual(start + realTook);
  expect(Date.parse(first)).toBeGreaterThanOrEqual(start);
  expect(Date.parse(first)).toBeLessThanOrEqual(firstMs);
  expect(laterMs).toBeGreaterThan(firstMs);
  expect(asText).toMatch(/^Thu Feb 29 2024 /);
  // Dates of a given instant are untouched.
  expect(epoch).toBe("1970-01-01T00:00:00.000Z");
});

test("with MDQ_TEST_NOW a date, the clock starts at its midnight UTC", async () => {
  const realBefore = Date.now();
  const { stdout } = await nodeAt("2031-06-01", "console.log(new Date().toISOString())");
  const realTook = Date.now() - realBefore;
  const at = Date.parse(stdout.trim());
  expect(at).toBeGreaterThanOrEqual(Date.parse("2031-06-01T00:00:00Z"));
  expect(at).toBeLessThanOrEqual(Date.parse("2031-06-01T00:00:00Z") + realTook);
});

test("the process's own dates are still dates", async () => {
  const { stdout } = await nodeAt(
    "2024-02-29",
    "console.log(require('fs').statSync('.').mtime instanceof Date, new Date() instanceof Date)",
  );
  expect(stdout.trim()).toBe("true true");
});

test.each(["2026-02-30", "2026-11-29T09:00", "yesterday", "2026-11-29T25:00:00Z"])(
  "MDQ_TEST_NOW=%s is refused, saying what is allowed",
  async (now) => {
    const { code, stderr } = await nodeAt(now, "console.log(1)");
    expect(code).not.toBe(0);
    expect(stderr).toContain(`MDQ_TEST_NOW is "${now}": use an ISO date (2026-11-29) or a date-time with its zone`);
  },
);

test("without MDQ_TEST_NOW the real clock is kept", async () => {
  const realBefore = Date.now();
  const { stdout } = await nodeAt(undefined, "console.log(Date.name, Date.now())");
  const [name, ms] = stdout.trim().split(" ");
  expect(name).toBe("Date");
  // The real clock, read on both sides of the child's reading.
  expect(Number(ms)).toBeGreaterThanOrEqual(realBefore);
  expect(Number(ms)).toBeLessThanOrEqual(Date.now());
});

test("the built CLI at EDGE_TODAY: QUARTERLY NORM 4 is the four quarters to 2026Q3, asked of the live edition", async () => {
  const server = await startEdgeFilings();
  const cacheDir = mkdtempSync(join(tmpdir(), "mdq-fixed-clock-"));
  try {
    const realBefore = Date.now();
    const { code, out, stderr } = await mdqAt(EDGE_TODAY, ["QUARTERLY", "NORM", "4", "--base-url", server.url, "--api-key", EDGE_KEY], {
      MDQ_EDITION: "", // auto: the stand-in's 410 on /v1/ says it is live
      MDQ_CACHE_DIR: cacheDir,
    });
    const realTook = Date.now() - realBefore;
    expect([code, stderr]).toEqual([0, ""]);
    const table = out as unknown[][];
    const last4 = EDGE_ROWS.NORM.filter((r) => r.published <= EDGE_TODAY).slice(-4);
    expect(last4.map((r) => r.date)).toEqual(["2025-12-31", "2026-03-31", "2026-06-30", "2026-09-30"]);
    const line = (name: string) => table.find((cells) => cells[0] === name)?.slice(1);
    expect(line("date")).toEqual(last4.map((r) => r.date));
    for (const field of EDGE_FIELDS) expect([field, line(field)]).toEqual([field, last4.map((r) => r[field])]);
    expect(server.hits.map((h) => [h.path, h.query, h.status, h.credits])).toEqual([
      ["/v1/subsectors/", {}, 410, 0],
      ["/v2/financials/quarterly/NORM/", { n_quarters: "4" }, 200, 4],
    ]);
    // The command's own clock: each answer it kept (the edition, the statements) was fetched after
    // the fixed instant by no more than the call took in real time.
    const fetchedAt = readdirSync(cacheDir).map((file) => {
      const text = readFileSync(join(cacheDir, file), "utf8");
      return decodeEntry(text.slice(text.indexOf("\n") + 1))?.fetchedAt;
    });
    expect(fetchedAt).toHaveLength(2);
    for (const at of fetchedAt) {
      expect(at).toBeGreaterThanOrEqual(Date.parse(EDGE_TODAY));
      expect(at).toBeLessThanOrEqual(Date.parse(EDGE_TODAY) + realTook);
    }
  } finally {
    await server.close();
    rmSync(cacheDir, { recursive: true, force: true });
  }
});
