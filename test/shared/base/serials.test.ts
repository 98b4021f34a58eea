// Excel serial numbers from the service's dates and timestamps: the same serial on every machine,
// whatever the zone of the runtime (Excel's shared runtime runs in the user's own zone). Each zone
// is a node process of its own: a zone cannot be changed inside Jest's sandbox.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { workerBundle } from "../../../scripts/harness/workers";
import { isoToSerial } from "../../../shared/base/cells";

const DAY = 45306; // 2024-01-15
const CASES: [string, number | undefined][] = [
  ["2024-01-15", DAY],
  // Without a zone: the clock time as the service gives it.
  ["2024-01-15T09:30:00", DAY + 9.5 / 24],
  ["2024-01-15T09:30", DAY + 9.5 / 24],
  ["2024-01-15T09:30:00.250", DAY + (9.5 * 3600 + 0.25) / 86400],
  // Zoned: its UTC time.
  ["2024-01-15T09:30:00Z", DAY + 9.5 / 24],
  ["2024-01-15T16:30:00+07:00", DAY + 9.5 / 24],
  ["2024-13-45", undefined],
  ["soon", undefined],
];

const program = workerBundle({
  stdin: {
    contents: `import { isoToSerial } from "./shared/base/cells";
      const offset = new Date("2024-01-15T00:00:00Z").getTimezoneOffset();
      console.log(JSON.stringify({ offset, serials: ${JSON.stringify(CASES.map(([iso]) => iso))}.map((iso) => isoToSerial(iso) ?? null) }));`,
    resolveDir: join(__dirname, "..", "..", ".."),
    loader: "ts",
  },
});

test.each([
  ["UTC", 0],
  ["Asia/Jakarta", -420],
  ["America/New_York", 300],
  ["Asia/Kolkata", -330],
])("a runtime in %s gives the same serials", (zone, offset) => {
  const out = JSON.parse(execFileSync(process.execPath, ["-e", program], { env: { ...process.env, TZ: zone }, encoding: "utf8" }));
  expect(out.offset).toBe(offset);
  CASES.forEach(([iso, serial], i) => {
    if (serial === undefined) expect({ iso, serial: out.serials[i] }).toEqual({ iso, serial: null });
    else expect({ iso, close: Math.abs(out.serials[i] - serial) < 1e-9 }).toEqual({ iso, close: true });
  });
});

test("a plain date's serial is the one Date.parse gives, every day from 1899 to 2100 and days no calendar has", () => {
  const epoch = Date.UTC(1899, 11, 30);
  const parsed = (iso: string) => {
    const ms = Date.parse(`${iso}T00:00:00Z`);
    if (Number.isNaN(ms)) return undefined;
    const serial = (ms - epoch) / 86_400_000;
    return serial < 61 ? serial - 1 : serial;
  };
  const differ: string[] = [];
  for (let t = Date.UTC(1899, 0, 1); t < Date.UTC(2101, 0, 1); t += 86_400_000) {
    const iso = new Date(t).toISOString().slice(0, 10);
    if (isoToSerial(iso) !== parsed(iso)) differ.push(iso);
  }
  expect(differ).toEqual([]);
  for (const odd of ["2025-02-29", "2100-02-29", "2025-04-31", "2025-13-01", "2025-00-10", "2025-01-00", "1900-02-29"]) {
    expect(isoToSerial(odd)).toBe(parsed(odd));
  }
  expect(isoToSerial("2024-02-29")).toBe(45351);
});
