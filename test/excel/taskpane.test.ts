// The "MDQ settings" task pane (the built dist/excel/taskpane.html, which also loads
// functions.js, as the shared runtime does) in headless Chromium with stand-ins for office.js:
// settings, counters, the last errors and "Recalculate MDQ cells".
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../scripts/harness/chromium";
import { API_KEY, leaksKey } from "../../scripts/harness/fault-server";
import { CATALOGUE } from "../../shared/catalogue/catalogue";
import { type Sandbox, startSandbox } from "../../src/sandbox/server";
import { DIST_EXCEL, openTaskPane, serveDirectory } from "./browser";

let browser: Browser;
let page: Page;
let sandbox: Sandbox;
let site: { url: string; close(): Promise<void> };
/** While true, requests to the sandbox fail as a connection that cannot be made. */
let offline = false;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, host: "127.0.0.1", apiKey: "demo" });
  site = await serveDirectory(DIST_EXCEL);
  browser = await launchChromium();
  page = await openTaskPane(browser, site.url, (url) => offline && url.startsWith(sandbox.url));
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await sandbox?.close();
});

const status = async () => ({ text: (await page.textContent("#status")) ?? "", className: await page.getAttribute("#status", "class") });

async function testConnection() {
  await page.evaluate(() => (document.getElementById("status")!.textContent = ""));
  await page.click("#test");
  await page.waitForFunction(() => /Connected|MDQ:/.test(document.getElementById("status")!.textContent ?? ""));
  return status();
}

test("the page runs the functions too (shared runtime) and starts with the sandbox defaults, key masked", async () => {
  const associated = await page.evaluate(() => (window as any).__mdq.associated.length);
  expect(associated).toBe(CATALOGUE.length);
  expect(await page.inputValue("#baseUrl")).toBe("http://127.0.0.1:8787");
  expect(await page.inputValue("#apiKey")).toBe("demo");
  expect(await page.getAttribute("#apiKey", "type")).toBe("password");
  expect(await page.textContent("#requests")).toBe("0");
  expect(await page.textContent("#credits")).toBe("0");
  expect(await page.textContent("#lastRefresh")).toBe("never");
});

test("saving stores the base URL and key in OfficeRuntime.storage, never in the document's settings", async () => {
  await page.fill("#baseUrl", sandbox.url);
  await page.selectOption("#edition", "spec"); // the sandbox's edition (auto would ask it: edition-auto tests)
  await page.fill("#apiKey", "demo");
  await page.click("#save");
  await page.waitForFunction(() => /Saved/.test(document.getElementById("status")!.textContent ?? ""));
  const stored = await page.evaluate(() => (window as any).__mdq);
  expect(stored.storage).toEqual({
    "mdq.baseUrl": sandbox.url,
    "mdq.apiKey": "demo",
    "mdq.edition": "spec",
    "mdq.answerMb": "25",
    "mdq.concurrency": "64",
  });
  expect(stored.documentSettingsWrites).toBe(0);
});

test("requests at once: shown with its default, out of range refused (the form and the runtime), stored when valid", async () => {
  expect(await page.inputValue("#concurrency")).toBe("64");
  await page.fill("#concurrency", "0");
  await page.click("#save");
  // The browser holds the form back (min 1); the runtime refuses the value on its own too.
  expect(await page.$eval("#concurrency", (el) => (el as HTMLInputElement).validity.valid)).toBe(false);
  const refused = await page.evaluate(
    (url) =>
      (window as any).MDQ_ADDIN.runtime()
        .saveSettings({ baseUrl: url, apiKey: "demo", concurrency: 0 })
        .then(
          () => "saved",
          (e: { messageFor(frontEnd: string): string }) => e.messageFor("excel"),
        ),
    sandbox.url,
  );
  expect(refused).toBe(
    "MDQ: the number of requests at once must be a whole number from 1 to 100 (got 0). Fix it in the MDQ settings task pane (Home > MDQ settings).",
  );
  expect(await page.evaluate(() => (window as any).__mdq.storage["mdq.concurrency"])).toBe("64");
  await page.fill("#concurrency", "24");
  await page.click("#save");
  await page.waitForFunction(() => (window as any).__mdq.storage["mdq.concurrency"] === "24");
  await page.fill("#concurrency", "64");
  await page.click("#save");
  await page.waitForFunction(() => (window as any).__mdq.storage["mdq.concurrency"] === "64");
});

test("Test connection reports success against the sandbox and counts the request and its credit", async () => {
  const result = await testConnection();
  expect(result.className).toBe("ok");
  expect(result.text).toMatch(
    new RegExp(`^Connected to ${sandbox.url.replace(/\./g, "\\.")} \\(spec edition\\): the service answered \\(\\d+ SGX sectors\\)\\.$`),
  );
  expect(await page.textContent("#requests")).toBe("1");
  // The SGX sector list: one credit a request (the spec edition's estimate, the live price of its path).
  expect(await page.textContent("#credits")).toBe("1");
  expect(await page.textContent("#lastRefresh")).not.toBe("never");
});

test("Test connection with a wrong key reports the core's message, without the key", async () => {
  await page.fill("#apiKey", "not-the-key");
  const result = await testConnection();
  expect(result.className).toBe("fail");
  expect(result.text).toMatch(/^MDQ: the API key was refused \(401\)/);
  expect(result.text).not.toContain("not-the-key");
  // Testing does not save: the stored key is still the good one.
  expect(await page.evaluate(() => (window as any).__mdq.storage["mdq.apiKey"])).toBe("demo");
});

test("Test connection to nothing says the service could not be reached", async () => {
  await page.fill("#baseUrl", "http://127.0.0.1:9");
  await page.fill("#apiKey", "demo");
  const result = await testConnection();
  expect(result.className).toBe("fail");
  expect(result.text).toMatch(/^MDQ: could not reach 127\.0\.0\.1:9/);
});

test("a cell calculated in the same runtime shows in the counters; Clear cache empties the cache", async () => {
  const counts = await page.evaluate(async () => {
    const { runtime } = (window as any).MDQ_ADDIN;
    await runtime().run("LIST", ["tags"]);
    await runtime().run("LIST", ["tags"]);
    return runtime().stats();
  });
  expect(counts.fromCache).toBe(1);
  expect(counts.cached).toBe(1);
  await page.click("#clear");
  await page.waitForFunction(() => /Cache cleared/.test(document.getElementById("status")!.textContent ?? ""));
  expect(await page.textContent("#fromCache")).toBe("1");
  expect(await page.evaluate(() => (window as any).MDQ_ADDIN.runtime().stats().cached)).toBe(0);
});

/** Call a custom function as Excel does (every parameter, then the invocation): its cells or its error. */
const callCell = (name: string, ...args: unknown[]) =>
  page.evaluate(
    async ([name, args]) => {
      const fn = (window as any).__mdq.functions[name];
      const padded = [...args, ...new Array(Math.max(0, fn.length - 1 - args.length)).fill(null)];
      try {
        return { cells: (await fn(...padded, {})) as unknown[][], error: undefined };
      } catch (e) {
        return { cells: undefined, error: { code: (e as any).code as string, message: (e as any).message as string } };
      }
    },
    [name, args] as const,
  );

const listedErrors = () =>
  page.$$eval("#errors li", (items) =>
    items.map((li) => ({
      call: li.querySelector(".call")?.textContent,
      when: li.querySelector(".when")?.textContent,
      message: li.querySelector(".message")?.textContent,
    })),
  );

describe("Last errors", () => {
  test("a failing cell is listed, newest first: code, function, arguments, time and message, markup kept as text", async () => {
    expect(await listedErrors()).toEqual([]);
    expect(await page.isVisible("#noErrors")).toBe(true);
    const markup = "<img src=x onerror=window.__pwned=1>";
    const first = await callCell("QUARTERLY", markup);
    const second = await callCell("INDEX", "lq45", "2018-01-01", "2018-06-30");
    expect([first.error?.code, second.error?.code]).toEqual(["#VALUE!", "#VALUE!"]);
    await page.waitForFunction(() => document.querySelectorAll("#errors li").length === 2);
    const listed = await listedErrors();
    expect(listed.map((e) => e.call)).toEqual([
      '#VALUE! =MDQ.INDEX("lq45", "2018-01-01", "2018-06-30")',
      `#VALUE! =MDQ.QUARTERLY("${markup}")`,
    ]);
    expect(listed.map((e) => e.message)).toEqual([second.error?.message, first.error?.message]);
    for (const e of listed) expect(e.when).toMatch(/\d{1,2}[:.]\d{2}/);
    expect(await page.$$("#errors img")).toHaveLength(0);
    expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
    expect(await page.isVisible("#noErrors")).toBe(false);
  });

  // (A service that echoes the key is in test/excel/error-list.test.ts: the fault server has no CORS.)
  test("the API key is never in the pane, even typed into a cell", async () => {
    await page.fill("#baseUrl", sandbox.url);
    await page.selectOption("#edition", "spec"); // the sandbox's edition (auto would ask it: edition-auto tests)
    await page.fill("#apiKey", API_KEY);
    await page.click("#save");
    await page.waitForFunction(() => /Saved/.test(document.getElementById("status")!.textContent ?? ""));
    // A cell holding the key is refused before sending (the key never goes into a URL).
    const result = await callCell("LIST", "tags", [[`refresh=${API_KEY}`]]);
    expect(result.error?.code).toBe("#VALUE!");
    await page.waitForFunction(() => /=MDQ\.LIST/.test(document.getElementById("errors")!.textContent ?? ""));
    const listed = await listedErrors();
    // The key is taken out before the argument is cut to 60 characters: "refresh=" and the whole key become "refresh=[key]".
    expect(listed[0].call).toBe('#VALUE! =MDQ.LIST("tags", "refresh=[key]")');
    expect(listed[0].message).toMatch(/^MDQ: 'options' holds your API key/);
    expect(leaksKey(await page.evaluate(() => document.body.innerText), API_KEY)).toBe(false);
    await page.fill("#baseUrl", sandbox.url);
    await page.selectOption("#edition", "spec"); // the sandbox's edition (auto would ask it: edition-auto tests)
    await page.fill("#apiKey", "demo");
    await page.click("#save");
    await page.waitForFunction(() => /Saved/.test(document.getElementById("status")!.textContent ?? ""));
  });

  test("with data types in this Excel (CustomFunctionsRuntime 1.4), dates=date cells are formatted dates", async () => {
    await page.evaluate(() => ((window as any).__mdq.requirementSets = { CustomFunctionsRuntime: "1.4" }));
    const { cells } = await callCell("INDEX", "lq45", "2025-06-02", "2025-06-06", [["dates=date"]]);
    await page.evaluate(() => ((window as any).__mdq.requirementSets = {}));
    const at = cells![0].indexOf("date");
    expect(cells!.length).toBeGreaterThan(1);
    for (const row of cells!.slice(1)) expect(row[at]).toMatchObject({ type: "FormattedNumber", numberFormat: "yyyy-mm-dd" });
  });
});

describe("Recalculate MDQ cells", () => {
  test("makes every answer due (kept for stale-if-error) and asks Excel for a full calculation", async () => {
    await page.evaluate(() => (window as any).MDQ_ADDIN.runtime().run("LIST", ["tags"]));
    expect(await page.evaluate(() => (window as any).MDQ_ADDIN.runtime().stats().cached)).toBeGreaterThan(0);
    await page.click("#recalculate");
    await page.waitForFunction(() => /Recalculating:/.test(document.getElementById("status")!.textContent ?? ""));
    expect(await status()).toEqual({ text: expect.stringMatching(/every MDQ cell fetches fresh data/), className: "ok" });
    expect(await page.evaluate(() => (window as any).__mdq.calculations)).toEqual(["Full"]);
    // The answer stays (for a failed refresh) but is fetched again.
    const requests = () => page.evaluate(() => (window as any).MDQ_ADDIN.runtime().stats().requests);
    const before = await requests();
    await page.evaluate(() => (window as any).MDQ_ADDIN.runtime().run("LIST", ["tags"]));
    expect(await requests()).toBe(before + 1);
  });

  test("where Excel refuses or is not there, says how to recalculate by hand", async () => {
    await page.evaluate(() => ((window as any).Excel.run = () => Promise.reject(new Error("InvalidOperation"))));
    await page.click("#recalculate");
    await page.waitForFunction(() => /did not recalculate/.test(document.getElementById("status")!.textContent ?? ""));
    expect(await status()).toEqual({ text: expect.stringMatching(/\(InvalidOperation\).*Ctrl\+Alt\+F9/), className: "fail" });
    await page.evaluate(() => delete (window as any).Excel);
    await page.click("#recalculate");
    await page.waitForFunction(() => /cannot be asked/.test(document.getElementById("status")!.textContent ?? ""));
    expect((await status()).text).toMatch(/Ctrl\+Alt\+F9/);
    expect(await page.evaluate(() => (window as any).__mdq.calculations)).toEqual(["Full"]);
  });
});

describe("Stale answers", () => {
  test("a call whose refresh cannot reach the service shows its last answer, listed with its age and reason", async () => {
    expect(await page.isVisible("#noStale")).toBe(true);
    const run = () =>
      page.evaluate(() =>
        (window as any).MDQ_ADDIN.runtime()
          .run("LIST", ["subsectors"])
          .then((r: any) => r.cells),
      );
    const first = await run();
    await page.evaluate(() => (window as any).MDQ_ADDIN.runtime().refreshAll());
    offline = true;
    try {
      expect(await run()).toEqual(first);
    } finally {
      offline = false;
    }
    await page.waitForSelector("#stale li", { timeout: 5000 });
    const item = await page.textContent("#stale li");
    expect(item).toContain("=MDQ.LIST(kind=subsectors)");
    expect(item).toMatch(/answer of .* \(\d+ s old\)/);
    expect(item).toMatch(/the refresh failed: could not reach/);
    expect(await page.isVisible("#noStale")).toBe(false);
    // A fresh answer takes it off the list.
    await page.evaluate(() => (window as any).MDQ_ADDIN.runtime().refreshAll());
    await run();
    await page.waitForFunction(() => document.querySelectorAll("#stale li").length === 0, undefined, { timeout: 5000 });
  });
});

test("in Trident (Internet Explorer's engine) the pane says what Excel needs instead of the settings", async () => {
  const trident = "Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; .NET4.0C; .NET4.0E; ms-office; MSOffice 16) like Gecko";
  const context = await browser.newContext({ userAgent: trident });
  try {
    const old = await context.newPage();
    await old.route("**/*", (route) => (route.request().url().startsWith(site.url) ? route.continue() : route.abort()));
    await old.goto(`${site.url}/taskpane.html`);
    expect(await old.isVisible("#olderWebview")).toBe(true);
    expect(await old.textContent("#olderWebview")).toContain("WebView2");
    expect(await old.isVisible("#settings")).toBe(false);
  } finally {
    await context.close();
  }
  // Everywhere else the explanation stays out of sight.
  expect(await page.isVisible("#olderWebview")).toBe(false);
  expect(await page.isVisible("#settings")).toBe(true);
});
