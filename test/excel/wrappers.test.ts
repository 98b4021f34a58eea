// The generated wrappers, called as Excel calls them (omitted arguments null, scalars given to
// matrix parameters as [[value]]), against the in-process sandbox and a fault-injecting server.

import { isoToSerial } from "../../shared/base/cells";
import { EDITIONS } from "../../shared/base/editions";
import { CATALOGUE, functionNamed } from "../../shared/catalogue/catalogue";
import { callAsync } from "../../shared/drive/async-host";
import { fetchHost } from "../../shared/drive/fetch-transport";
import { CellError, invocation, standIns } from "../../src/excel/stand-ins";
import { EVERY_LIST_KIND } from "../live-api";
import { startCountingSandbox, startFaultServer, type TestServer } from "./servers";

const stand = standIns();
Object.assign(globalThis, stand.globals);

// Imported after the stand-ins exist, as in Excel.
import { WRAPPERS } from "../../src/excel/functions.generated";
import { useRuntime } from "../../src/excel/invoke";
import { createRuntime } from "../../src/excel/runtime";

type Wrapper = (...args: any[]) => Promise<any[][]>;
const wrappers = WRAPPERS as unknown as Record<string, Wrapper>;

let sandbox: TestServer;
let faults: TestServer;
const FAST = { deadlineMs: 3000, baseDelayMs: 5, maxDelayMs: 20 };
const rt = useRuntime(createRuntime({ fetch: (url, init) => fetch(url, init), storage: stand.storage, policy: FAST }));

beforeAll(async () => {
  sandbox = await startCountingSandbox();
  faults = await startFaultServer();
});
afterAll(async () => {
  await sandbox.close();
  await faults.close();
});
beforeEach(() => rt.clearCache());

/** Excel's way of passing positional arguments: blanks as null, then options, then invocation. */
function excelArgs(fnName: string, args: unknown[]): unknown[] {
  const fn = CATALOGUE.find((f) => f.name === fnName)!;
  const positional = fn.args.map((_, i) => (args[i] === "" || args[i] === undefined ? null : args[i]));
  const options = args[fn.args.length];
  return [...positional, options === undefined ? null : [[options]], invocation()];
}

const callExcel = (name: string, ...args: unknown[]) => wrappers[name](...excelArgs(name, args));

async function failure(promise: Promise<unknown>): Promise<CellError> {
  try {
    await promise;
  } catch (e) {
    return e as CellError;
  }
  throw new Error("expected the call to fail");
}

describe.each(EDITIONS)("every function of the %s edition", (edition) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startCountingSandbox("2025-06-30", edition);
    await rt.saveSettings({ baseUrl: server.url, apiKey: "demo", edition });
  });
  afterAll(async () => {
    await server.close();
    await rt.saveSettings({ baseUrl: sandbox.url, apiKey: "demo" });
  });

  // LIST's kinds in the live edition, each a path of its own.
  const lists = edition === "live" ? EVERY_LIST_KIND.map((args) => ["LIST", args] as const) : [];
  test.each([...CATALOGUE.filter((f) => f.editions[edition]).map((f) => [f.name, f.example] as const), ...lists])(
    "%s returns the core's table for %j",
    async (name, example) => {
      const expected = await callAsync(
        functionNamed(name),
        example,
        { baseUrl: server.url, apiKey: "demo", edition },
        fetchHost((u, i) => fetch(u, i)),
      );
      const cells = await callExcel(name, ...example);
      expect(cells.length).toBeGreaterThan(name === "VALUE" ? 0 : 1); // VALUE: one value, no header
      expect(new Set(cells.map((r) => r.length)).size).toBe(1);
      expect(cells).toEqual(expected.cells.map((row) => row.map((c) => (c === null ? "" : c))));
    },
  );

  // An edition may offer every function (the live one does): then there is nothing to refuse.
  const refused = CATALOGUE.filter((f) => !f.editions[edition]).map((f) => [f.name, f.example] as const);
  (refused.length > 0 ? test.each(refused) : test.skip.each([["(none)", []] as const]))(
    "%s is #VALUE! with the not-offered message, and sends nothing",
    async (name, example) => {
      const before = server.hits.length;
      const error = await failure(callExcel(name, ...example));
      expect(error.code).toBe("#VALUE!");
      expect(error.message).toMatch(new RegExp(`^MDQ: ${name} is not offered by the ${edition} edition of the service\\.`));
      expect(server.hits.length).toBe(before);
    },
  );
});

describe("against the sandbox", () => {
  beforeAll(() => rt.saveSettings({ baseUrl: sandbox.url, apiKey: "demo" }));

  test('QUARTERLY("BBCA", 4) is a statement: field names, then four quarters oldest first', async () => {
    const cells = await callExcel("QUARTERLY", "BBCA", 4);
    expect(cells[0][0]).toBe("date");
    expect(cells[0]).toHaveLength(5);
    const dates = cells[0].slice(1) as string[];
    expect([...dates].sort()).toEqual(dates);
    expect(cells.every((row) => !row.includes(null))).toBe(true);
  });

  test("dates=date gives Excel serial numbers; a date cell (serial) is accepted as an argument", async () => {
    const text = await callExcel("INDEX", "lq45", isoToSerial("2025-06-01"), "2025-06-20");
    const dated = await callExcel("INDEX", "lq45", "2025-06-01", isoToSerial("2025-06-20"), "dates=date");
    const dateAt = text[0].indexOf("date");
    expect(dateAt).toBeGreaterThanOrEqual(0);
    expect(dated.length).toBe(text.length);
    for (let i = 1; i < text.length; i++) expect(dated[i][dateAt]).toBe(isoToSerial(text[i][dateAt]));
  });

  test("options as a two-column range", async () => {
    const cells = await wrappers.QUARTERLY(
      "BBCA",
      2,
      null,
      null,
      [
        ["headers", false],
        ["orient", "rows"],
      ],
      invocation(),
    );
    expect(cells).toHaveLength(2);
    expect(String(cells[0][0])).toMatch(/^\d{4}-\d{2}-\d{2}/);
  });

  test("a list argument given as a range of cells", async () => {
    const cells = await wrappers.FILINGS([["BBCA"], ["TLKM"]], null, null, [["n=5"]], invocation());
    expect(cells.length).toBeGreaterThan(1);
  });

  test("a bad argument is #VALUE! naming the argument, and costs no request", async () => {
    const before = sandbox.hits.length;
    const error = await failure(callExcel("QUARTERLY", "BBCA1", 4));
    expect(error).toBeInstanceOf(CellError);
    expect(error.code).toBe("#VALUE!");
    expect(error.message).toMatch(/^MDQ: 'ticker' must be/);
    const enumError = await failure(callExcel("INDEX", "lq46"));
    expect(enumError.code).toBe("#VALUE!");
    expect(enumError.message).toContain("index_code");
    expect(sandbox.hits.length).toBe(before);
  });

  test("a wrong key is #N/A saying the key was refused", async () => {
    await rt.saveSettings({ baseUrl: sandbox.url, apiKey: "wrong-key" });
    const error = await failure(callExcel("LIST", "subsectors"));
    await rt.saveSettings({ baseUrl: sandbox.url, apiKey: "demo" });
    expect(error.code).toBe("#N/A");
    expect(error.message).toMatch(/API key was refused \(401\)/);
    expect(error.message).not.toContain("wrong-key");
  });

  test("a key saved blank is #VALUE! asking for a key", async () => {
    await rt.saveSettings({ baseUrl: sandbox.url, apiKey: "" });
    const error = await failure(callExcel("LIST", "subsectors"));
    await rt.saveSettings({ baseUrl: sandbox.url, apiKey: "demo" });
    expect(error.code).toBe("#VALUE!");
    expect(error.message).toMatch(/no API key is set/);
  });
});

describe("failure families (fault-injecting server)", () => {
  const at = async (fault: string, name = "QUARTERLY", ...args: unknown[]) => {
    await rt.saveSettings({ baseUrl: `${faults.url}/${fault}`, apiKey: "demo", edition: "spec" });
    return failure(callExcel(name, ...(args.length ? args : ["BBCA", 4])));
  };
  const hitsOf = (fault: string) => faults.hits.filter((h) => h.startsWith(`/${fault}/`)).length;

  test.each([
    ["400", "#VALUE!", /rejected the request \(400\): Invalid parameter n/],
    ["401", "#N/A", /API key was refused \(401\): Invalid API key\. Check the key in the MDQ settings task pane \(Home > MDQ settings\)/],
    ["403", "#N/A", /API key was refused \(403\): No credits left/],
    ["404", "#N/A", /not found \(404\): Ticker not found/],
    [
      "410",
      "#N/A",
      /speaks the live edition .*, or point the base URL at an address that serves the spec edition in the MDQ settings task pane .*under \/spec/,
    ],
    ["html", "#N/A", /a web page instead of data/],
    ["truncated", "#N/A", /not valid JSON/],
    ["empty", "#N/A", /no data for this request/],
  ])("%s → %s with the core's message", async (fault, code, message) => {
    const error = await at(fault);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expect(error.message?.startsWith("MDQ: ")).toBe(true);
    // 4xx and unreadable answers are not retried.
    expect(hitsOf(fault)).toBe(1);
  });

  test.each([
    ["429", /rate limit was reached \(429\).*after 3 tries/],
    ["500", /service failed \(500\).*after 3 tries/],
  ])("%s is retried by the core's policy, then #N/A", async (fault, message) => {
    const error = await at(fault);
    expect(error.code).toBe("#N/A");
    expect(error.message).toMatch(message);
    expect(hitsOf(fault)).toBe(3);
  });

  test("a server that never answers ends as #N/A within the deadline, never #BUSY! forever", async () => {
    const error = await at("hang");
    expect(error.code).toBe("#N/A");
    expect(error.message).toMatch(/no answer from 127\.0\.0\.1:\d+ within 3 s/);
  });

  test("a closed port is #N/A saying the service could not be reached", async () => {
    const closed = await startFaultServer();
    const url = closed.url;
    await closed.close();
    await rt.saveSettings({ baseUrl: url, apiKey: "demo" });
    const error = await failure(callExcel("QUARTERLY", "BBCA", 4));
    expect(error.code).toBe("#N/A");
    expect(error.message).toMatch(/could not reach 127\.0\.0\.1:\d+ \(connection refused\)/);
  });

  test("cancelling a call (Excel's @cancelable) ends it at once", async () => {
    await rt.saveSettings({ baseUrl: `${faults.url}/hang`, apiKey: "demo" });
    const before = hitsOf("hang");
    const inv = invocation();
    const pending = wrappers.SGX_COMPANIES("banks", null, inv);
    const outcome = failure(pending);
    // Let the request reach the server, then cancel.
    for (let i = 0; i < 100 && hitsOf("hang") === before; i++) await new Promise((r) => setTimeout(r, 10));
    inv.cancel();
    const error = await outcome;
    expect(error.code).toBe("#N/A");
    expect(error.message).toMatch(/cancelled/);
  });
});
