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
