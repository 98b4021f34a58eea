// Excel serial numbers from the service's dates and timestamps: the same serial on every machine,
// whatever the zone of the runtime (Excel's shared runtime runs in the user's own zone). Each zone
// is a node process of its own: a zone cannot be changed inside Jest's sandbox.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { workerBundle } from "../../../scripts/harness/workers";

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
