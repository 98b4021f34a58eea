// The last cell errors, kept by the built bundle's runtime for the task pane (npm run build
// first): each failing cell once, with its function, its arguments as text, its code, message and
// time; newest first and bounded; never the API key; nothing for good cells or cancelled ones.
import { API_KEY, type FaultServer, leaksKey, startFaultServer } from "../../scripts/harness/fault-server";
import type { LoggedError } from "../../src/excel/error-log";
import { invocation } from "../../src/excel/stand-ins";
import { cellError, loadBundle } from "./load-bundle";
import { startCountingSandbox, type TestServer } from "./servers";

let sandbox: TestServer;
let faults: FaultServer;
beforeAll(async () => {
  sandbox = await startCountingSandbox();
  faults = await startFaultServer();
});
afterAll(async () => {
  await sandbox.close();
  await faults.close();
});

const errorsOf = (excel: ReturnType<typeof loadBundle>): LoggedError[] => excel.addin.runtime().errors();

test("a failing cell is listed with its function, arguments, code, message and time; a good cell is not", async () => {
  const excel = loadBundle(sandbox.url);
  await excel.call("QUARTERLY", "BBCA", 4);
  expect(errorsOf(excel)).toEqual([]);
  const before = Date.now();
  const error = await cellError(excel.call("QUARTERLY", "XX", 4, null, null, [["dates=date"]]));
  expect(error.code).toBe("#VALUE!");
  expect(errorsOf(excel)).toEqual([
    { fn: "QUARTERLY", args: '"XX", 4, , , "dates=date"', code: "#VALUE!", message: error.message, time: expect.any(Number), count: 1 },
  ]);
  expect(errorsOf(excel)[0].time).toBeGreaterThanOrEqual(before);
  expect(errorsOf(excel)[0].time).toBeLessThanOrEqual(Date.now());
});

test("a failure of the service is listed with its #N/A message", async () => {
  const excel = loadBundle(`${faults.url}/404`);
  const error = await cellError(excel.call("INDEX", "lq45"));
  expect(error.code).toBe("#N/A");
  expect(errorsOf(excel).map(({ fn, args, code, message }) => ({ fn, args, code, message }))).toEqual([
    { fn: "INDEX", args: '"lq45"', code: "#N/A", message: error.message },
  ]);
  expect(error.message).toMatch(/^MDQ: not found \(404\)/);
});

test("newest first, at most 20; the same failure again moves to the top with a count", async () => {
  const excel = loadBundle(sandbox.url);
  const bad = Array.from({ length: 25 }, (_, i) => `X${i}`);
  for (const ticker of bad) await cellError(excel.call("QUARTERLY", ticker));
  let listed = errorsOf(excel);
  expect(listed.map((e) => e.args)).toEqual(
    bad
      .slice(5)
      .reverse()
      .map((t) => `"${t}"`),
  );
  await cellError(excel.call("QUARTERLY", "X10"));
  listed = errorsOf(excel);
  expect(listed).toHaveLength(20);
  expect(listed[0]).toMatchObject({ args: '"X10"', count: 2 });
  expect(listed.filter((e) => e.args === '"X10"')).toHaveLength(1);
});

test("arguments are text: ranges as array constants, cut when long, line breaks escaped, TRUE/FALSE", async () => {
  const excel = loadBundle(sandbox.url);
  await cellError(
    excel.call("QUARTERLY", "BB\nCA", 4, null, false, [
      ["headers", false],
      ["orient", "sideways"],
    ]),
  );
  expect(errorsOf(excel)[0].args).toBe('"BB\\nCA", 4, , FALSE, {"headers",FALSE;"orient","sideways"}');
  const range = Array.from({ length: 10_000 }, (_, i) => [`T${i}`]);
  await cellError(excel.call("NEWS", range));
  const args = errorsOf(excel)[0].args;
  expect(args.startsWith('{"T0";"T1";"T2";')).toBe(true);
  expect(args.endsWith('"T11"...}')).toBe(true);
  expect(args.length).toBeLessThanOrEqual(300);
});

test("never the API key: not in the arguments (typed into a cell), not in a message the service echoed", async () => {
  const excel = loadBundle(`${faults.url}/401`, { apiKey: API_KEY });
  await cellError(excel.call("INDEX", "lq45", null, null, [[`refresh=${API_KEY.toUpperCase()}`]]));
  await cellError(excel.call("QUARTERLY", API_KEY.slice(3, 20)));
  const listed = errorsOf(excel);
  expect(listed).toHaveLength(2);
  for (const e of listed) expect(leaksKey(`${e.args} ${e.message}`, API_KEY)).toBe(false);
  expect(listed[1].args).toContain("[key]");
});

test("a key at the end of a long argument is redacted before the argument is cut, not after", async () => {
  const excel = loadBundle(sandbox.url, { apiKey: API_KEY });
  // Cut first, only the key's first 6 characters would be left: too short to recognise as the key.
  await cellError(excel.call("QUARTERLY", `${"x".repeat(50)}${API_KEY}`));
  expect(errorsOf(excel)[0].args).toBe(`"${"x".repeat(50)}[key]"`);
});

test("a call Excel cancels is not an error to list", async () => {
  const excel = loadBundle(`${faults.url}/slow`);
  const inv = invocation();
  const fn = excel.registered.get("INDEX")!;
  const pending = fn("lq45", ...new Array(fn.length - 2).fill(null), inv).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 100));
  inv.cancel();
  await pending;
  expect(errorsOf(excel)).toEqual([]);
});
