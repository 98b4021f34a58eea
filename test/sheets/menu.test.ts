// The MDQ menu: settings go to Script Properties (and nowhere else), the base URL must be one
// Google's servers can reach, Test connection reports plainly, Refresh all bumps the refresh cell.
import { loadScript } from "../../scripts/harness/load-sheets";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";

const KEY = "sheets-menu-key-c0ffee42";
let sandbox: Running;

beforeAll(async () => {
  sandbox = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30" });
});
afterAll(() => sandbox.close());

/** Everything a user or another editor could see outside Script Properties. */
const visible = (rec: ReturnType<typeof loadScript>["rec"]) =>
  [...rec.alerts, ...rec.toasts, ...rec.logs, ...rec.prompts, ...[...rec.cells.values()].map(String)].join("\n");

describe("Set API key", () => {
  test("stores the key in MDQ_API_KEY, warns who can read it, never shows it", () => {
    const { ctx, rec } = loadScript();
    rec.promptAnswers.push(`  ${KEY}  `);
    ctx.mdqSetApiKey();
    expect(rec.props.get("MDQ_API_KEY")).toBe(KEY);
    expect(rec.prompts[0]).toMatch(/every editor of this spreadsheet can read it/);
    expect(rec.alerts[0]).toMatch(/API key saved/);
    expect(visible(rec)).not.toContain(KEY);
  });
  test("Cancel changes nothing; blank removes the key", () => {
    const { ctx, rec } = loadScript({ apiKey: KEY });
    rec.promptAnswers.push(null);
    ctx.mdqSetApiKey();
    expect(rec.props.get("MDQ_API_KEY")).toBe(KEY);
    rec.promptAnswers.push("");
    ctx.mdqSetApiKey();
    expect(rec.props.has("MDQ_API_KEY")).toBe(false);
  });
  test("a key an HTTP header cannot carry is refused when it is set, without being shown", () => {
    const { ctx, rec } = loadScript();
    rec.promptAnswers.push("sk-live-2024€-0123456789");
    ctx.mdqSetApiKey();
    expect(rec.props.has("MDQ_API_KEY")).toBe(false);
    expect(rec.alerts[0]).toMatch(/characters an HTTP header cannot carry.*Nothing was saved/);
    expect(visible(rec)).not.toContain("sk-live");
  });
  test("a pasted line with spaces inside is refused", () => {
    const { ctx, rec } = loadScript();
    rec.promptAnswers.push("Bearer abc def");
    ctx.mdqSetApiKey();
    expect(rec.props.has("MDQ_API_KEY")).toBe(false);
    expect(rec.alerts[0]).toMatch(/Nothing was saved/);
  });
});

describe("Set base URL", () => {
  test.each([
    ["http://api.example.com", /must use https:\/\//],
    ["http://localhost:8787", /cannot reach a sandbox on your computer/],
    ["https://127.0.0.1:8787", /cannot reach a sandbox on your computer/],
    ["https://user:pw@api.example.com", /must be an address such as/],
    ["https://api.example.com/?", /without a query, fragment or user name/],
    ["https://api.example.com/#", /without a query, fragment or user name/],
    ["api.example.com", /must be an address such as/],
  ])("%s is refused", (url, reason) => {
    const { ctx, rec } = loadScript();
    rec.promptAnswers.push(url);
    ctx.mdqSetBaseUrl();
    expect(rec.props.has("MDQ_BASE_URL")).toBe(false);
    expect(rec.alerts[0]).toMatch(reason);
    expect(rec.alerts[0]).toMatch(/Nothing was saved/);
  });
  test("an https address on the internet is saved", () => {
    const { ctx, rec } = loadScript();
    rec.promptAnswers.push(" https://api.example.com/ ");
    ctx.mdqSetBaseUrl();
    expect(rec.props.get("MDQ_BASE_URL")).toBe("https://api.example.com/");
  });
  test("another host removes the key, and says so; the key never goes there", () => {
    const { ctx, rec, errorOf } = loadScript({ baseUrl: "https://api.example.com", apiKey: KEY });
    rec.promptAnswers.push("https://evil.example.net/v1");
    ctx.mdqSetBaseUrl();
    expect(rec.props.get("MDQ_BASE_URL")).toBe("https://evil.example.net/v1");
    expect(rec.props.has("MDQ_API_KEY")).toBe(false);
    expect(rec.alerts[0]).toMatch(
      /^MDQ: Base URL saved: https:\/\/evil\.example\.net\/v1\. The API key was removed: it was set for api\.example\.com, and MDQ does not send it to another host\. Set the key for evil\.example\.net with MDQ > Set API key/,
    );
    expect(rec.prompts[0]).toMatch(/A different host removes the API key/);
    expect(errorOf("MDQ_LIST", "tags")).toMatch(/^MDQ: no API key is set/);
    expect(rec.requests).toHaveLength(0);
    expect(visible(rec)).not.toContain(KEY);
  });
  test("a new port is another host; the same host in another case or with another path keeps the key", () => {
    const moved = loadScript({ baseUrl: "https://api.example.com", apiKey: KEY });
    moved.rec.promptAnswers.push("https://api.example.com:8443");
    moved.ctx.mdqSetBaseUrl();
    expect(moved.rec.props.has("MDQ_API_KEY")).toBe(false);
    const same = loadScript({ baseUrl: "https://api.example.com", apiKey: KEY });
    same.rec.promptAnswers.push("https://API.Example.com/v2/", "https://api.example.com");
    same.ctx.mdqSetBaseUrl();
    same.ctx.mdqSetBaseUrl();
    expect(same.rec.props.get("MDQ_API_KEY")).toBe(KEY);
    expect(same.rec.alerts).toEqual([
      "MDQ: Base URL saved: https://API.Example.com/v2/. Use MDQ > Test connection to check it.",
      "MDQ: Base URL saved: https://api.example.com. Use MDQ > Test connection to check it.",
    ]);
  });
  test("a first base URL after the key keeps it and says where it will go", () => {
    const { ctx, rec } = loadScript({ apiKey: KEY });
    rec.promptAnswers.push("https://api.example.com");
    ctx.mdqSetBaseUrl();
    expect(rec.props.get("MDQ_API_KEY")).toBe(KEY);
    expect(rec.alerts[0]).toMatch(/The API key already set will be sent to api\.example\.com: make sure it is the key for this service/);
  });
  test("a refused address keeps both the old address and the key", () => {
    const { ctx, rec } = loadScript({ baseUrl: "https://api.example.com", apiKey: KEY });
    rec.promptAnswers.push("http://elsewhere.example.net");
    ctx.mdqSetBaseUrl();
    expect(rec.props.get("MDQ_BASE_URL")).toBe("https://api.example.com");
    expect(rec.props.get("MDQ_API_KEY")).toBe(KEY);
  });
});

describe("Set answer limit", () => {
  test("a whole number of MB from 1 to 200 is saved; anything else is refused; blank goes back to the default", () => {
    const { ctx, rec } = loadScript();
    rec.promptAnswers.push("0", "12.5", "10", "");
    ctx.mdqSetAnswerLimit();
    ctx.mdqSetAnswerLimit();
    expect(rec.props.has("MDQ_ANSWER_MB")).toBe(false);
    expect(rec.alerts.slice(0, 2).every((a) => /from 1 to 200 .*Nothing was saved/.test(a))).toBe(true);
    ctx.mdqSetAnswerLimit();
    expect(rec.props.get("MDQ_ANSWER_MB")).toBe("10");
    ctx.mdqSetAnswerLimit();
    expect(rec.props.has("MDQ_ANSWER_MB")).toBe(false);
    expect(rec.alerts[3]).toMatch(/back to the default: 25 MB/);
  });
});

describe("Test connection", () => {
  test("reports success against the service, bypassing the cache", () => {
    const { ctx, rec } = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
    ctx.mdqTestConnection();
    ctx.mdqTestConnection();
    expect(rec.requests).toHaveLength(2);
    expect(rec.alerts[0]).toMatch(/^MDQ: Connected: the service answered LIST\("subsectors"\) with \d+ rows/);
    expect(rec.cache.size).toBe(0);
  });
  test("reports a refused key with the core's message, without the key", () => {
    const wrong = "wrong-key-123456";
    const { ctx, rec } = loadScript({ baseUrl: sandbox.url, apiKey: wrong });
    ctx.mdqTestConnection();
    expect(rec.alerts[0]).toMatch(/^MDQ: connection failed: MDQ: the API key was refused \(401\)/);
    expect(visible(rec)).not.toContain(wrong);
  });
  test("without a base URL says how to set one", () => {
    const { ctx, rec } = loadScript({ apiKey: KEY });
    ctx.mdqTestConnection();
    expect(rec.alerts[0]).toMatch(/no base URL is set/);
  });
});

describe("Opening the spreadsheet", () => {
  test("makes the MDQ_REFRESH cell, so a formula using it works before the first Refresh all", () => {
    const { ctx, rec, evaluate } = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
    expect(rec.namedRanges.has("MDQ_REFRESH")).toBe(false);
    ctx.onOpen();
    expect(rec.menus).toHaveLength(1);
    expect(rec.namedRanges.get("MDQ_REFRESH")).toBe("MDQ!B1");
    const made = rec.cells.get("MDQ!B1") as Date;
    expect(Object.prototype.toString.call(made)).toBe("[object Date]");
    // =MDQ_LIST("tags", "refresh=" & MDQ_REFRESH) now has a value to join.
    const option = evaluate<(v: Date) => string>("(v) => 'refresh=' + v.getTime()")(made);
    expect(ctx.MDQ_LIST("tags", option).length).toBeGreaterThan(1);
    // Opening again leaves the cell as it is: formulas do not refetch because someone opened the file.
    ctx.onOpen();
    expect(rec.cells.get("MDQ!B1")).toBe(made);
    expect(rec.namedRanges.size).toBe(1);
  });
  test("keeps a refresh cell that exists, wherever it is", () => {
    const { ctx, rec } = loadScript();
    rec.namedRanges.set("MDQ_REFRESH", "Tracker!Z1");
    rec.cells.set("Tracker!Z1", 7);
    ctx.onOpen();
    expect(rec.namedRanges.get("MDQ_REFRESH")).toBe("Tracker!Z1");
    expect(rec.cells.get("Tracker!Z1")).toBe(7);
    expect(rec.cells.has("MDQ!B1")).toBe(false);
  });
  test("opened by someone who may only view it: Google runs no onOpen, so no menu, nothing is changed", () => {
    const script = loadScript();
    script.rec.readOnly = true;
    script.open();
    expect(script.rec.menus).toHaveLength(0);
    expect(script.rec.namedRanges.size).toBe(0);
    expect(script.rec.cells.size).toBe(0);
    // The first editor to open it gets the menu and the refresh cell.
    script.rec.readOnly = false;
    script.open();
    expect(script.rec.menus).toHaveLength(1);
    expect(script.rec.namedRanges.get("MDQ_REFRESH")).toBe("MDQ!B1");
  });
  test("an edit refused to an editor (a protected sheet) never costs the menu", () => {
    const { ctx, rec } = loadScript();
    rec.readOnly = true; // the stand-in refuses every edit, as a protection would this one
    ctx.onOpen();
    expect(rec.menus).toHaveLength(1);
    expect(rec.namedRanges.size).toBe(0);
  });
});

describe("Refresh all", () => {
  test("creates the MDQ_REFRESH cell once, then bumps it; formulas passing it fetch again", () => {
    const { ctx, rec, evaluate } = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
    ctx.mdqRefreshAll();
    expect(rec.namedRanges.get("MDQ_REFRESH")).toBe("MDQ!B1");
    const first = rec.cells.get("MDQ!B1") as Date;
    expect(Object.prototype.toString.call(first)).toBe("[object Date]");
    // A formula such as =MDQ_LIST("tags", "refresh=" & MDQ_REFRESH) sees the cell's value.
    const refreshCell = () => evaluate<(v: unknown) => string>("(v) => 'refresh=' + v.getTime()")(rec.cells.get("MDQ!B1"));
    ctx.MDQ_LIST("tags", refreshCell());
    ctx.MDQ_LIST("tags", refreshCell());
    expect(rec.requests).toHaveLength(1);
    const wait = Date.now() + 5;
    while (Date.now() < wait); // the next timestamp must differ: bounded busy wait of 5 ms
    ctx.mdqRefreshAll();
    expect(rec.namedRanges.size).toBe(1);
    expect((rec.cells.get("MDQ!B1") as Date).getTime()).toBeGreaterThan(first.getTime());
    ctx.MDQ_LIST("tags", refreshCell());
    expect(rec.requests).toHaveLength(2);
  });
});

test("the key set from the menu is what custom functions send", () => {
  const { ctx, rec } = loadScript({ baseUrl: sandbox.url });
  rec.promptAnswers.push(KEY);
  ctx.mdqSetApiKey();
  expect(ctx.MDQ_LIST("tags").length).toBeGreaterThan(1);
  expect(rec.requests[0].params.headers.Authorization).toBe(KEY);
  expect(visible(rec)).not.toContain(KEY);
});
