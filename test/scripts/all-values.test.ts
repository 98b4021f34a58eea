// The pieces of the bench's figure 16 (scripts/bench/all-values.ts): the front that serves the
// add-in's pages and holds the sandbox's answers back, over HTTP/2 with a certificate made for the
// run; and the plain add-in's page beside MDQ's, answering the same formulas with the same data.
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { DIST_EXCEL, giveWorkbook, openAddin, PLAIN_PAGE, parameterCounts } from "../../scripts/bench/addin-page";
import { type Front, startFront } from "../../scripts/bench/latency-front";
import { plainAddinScript, plainUrls } from "../../scripts/bench/plain-addin";
import { makeCertificate, trustFlag } from "../../scripts/bench/run-certificate";
import { formulas } from "../../scripts/bench/workbook";
import { LOOPBACK_ONLY, launchChromium } from "../../scripts/harness/chromium";
import { findFunction } from "../../shared/catalogue/catalogue";

const KEY = "demo";
const TODAY = "2025-06-18";
const at = (root: string, hold = (release: () => void) => release()) =>
  ({ root, apiKey: KEY, today: TODAY, hold, pages: { "/plain.html": PLAIN_PAGE, "/plain-addin.js": plainAddinScript() } }) as const;

/** A folder of one page, the front's `root` in the tests that need no build. */
function pageFolder(): string {
  const root = mkdtempSync(join(tmpdir(), "mdq-front-"));
  writeFileSync(join(root, "index.html"), "<!doctype html><title>front</title><p>served</p>");
  return root;
}

test("the front holds an API answer until its hold releases it, made in advance or not, and serves files without holding them", async () => {
  const released: Array<() => void> = [];
  const front = await startFront(at(pageFolder(), (release) => released.push(release)));
  try {
    const page = await fetch(`${front.url}/index.html`);
    expect(await page.text()).toContain("served");
    expect(released).toHaveLength(0);

    front.warm([`${front.url}/v1/subsectors/`]); // made before the clock starts: still held
    let settled = false;
    const answer = fetch(`${front.url}/v1/subsectors/`, { headers: { Authorization: KEY } }).then((r) => {
      settled = true;
      return r;
    });
    for (let i = 0; i < 200 && released.length === 0; i++) await new Promise((r) => setImmediate(r));
    expect(released).toHaveLength(1);
    expect(settled).toBe(false); // the request arrived and nothing was written back
    released[0]();
    const response = await answer;
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);

    const other = fetch(`${front.url}/v1/companies/?sub_sector=banks`, { headers: { Authorization: KEY } });
    for (let i = 0; i < 200 && released.length === 1; i++) await new Promise((r) => setImmediate(r));
    expect(released).toHaveLength(2);
    released[1]();
    expect((await other).status).toBe(200);
  } finally {
    await front.close();
  }
});

describe("in Chromium", () => {
  let browser: Browser | undefined;
  let front: Front | undefined;
  afterEach(async () => {
    await browser?.close();
    await front?.close();
    [browser, front] = [undefined, undefined];
  });

  test("over HTTP/2 the front's certificate, made for the run, is trusted by the bench's Chromium: a page and a fetch of the sandbox", async () => {
    const certificate = makeCertificate();
    front = await startFront({ ...at(pageFolder()), certificate });
    expect(front.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    browser = await launchChromium([LOOPBACK_ONLY, trustFlag(certificate)]);
    const page = await browser.newPage();
    await page.goto(`${front.url}/index.html`);
    const seen = await page.evaluate(async (key) => {
      const response = await fetch("/v1/subsectors/", { headers: { Authorization: key } });
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return { protocol: navigation.nextHopProtocol, status: response.status, list: Array.isArray(await response.json()) };
    }, KEY);
    expect(seen).toEqual({ protocol: "h2", status: 200, list: true });
  });

  test("a browser without the flag refuses the front's certificate", async () => {
    front = await startFront({ ...at(pageFolder()), certificate: makeCertificate() });
    browser = await launchChromium([LOOPBACK_ONLY]);
    const page = await browser.newPage();
    await expect(page.goto(`${front.url}/index.html`)).rejects.toThrow(/ERR_CERT/);
  });

  // The formulas' data, not their layout: MDQ flattens nested fields and shows a statement's fields
  // down the rows, the plain add-in shows the JSON's records as they came.
  // A few of the tracker workbook's formulas, under different display options.
  const tracker = formulas((name) => findFunction(name)!.args.length) as Array<[string, unknown[]]>;
  const picked: Array<[string, number]> = [
    ["QUARTERLY", 0],
    ["INDEX", 1],
    ["COMPANIES", 2],
    ["INDEX", 13],
    ["QUARTERLY", 9],
  ];
  const WORKBOOK = picked.map(([name, i]) => tracker.filter(([n]) => n === name)[i]);
  const numbersOf = (cells: unknown) =>
    new Set((cells as unknown[][]).flat().filter((v): v is number => typeof v === "number" && Number.isFinite(v)));

  test("the plain add-in's page and MDQ's page answer the same formulas with the same numbers", async () => {
    if (!existsSync(join(DIST_EXCEL, "functions.json"))) throw new Error("dist/excel is missing: run npm run build first");
    front = await startFront(at(DIST_EXCEL));
    browser = await launchChromium([LOOPBACK_ONLY]);
    const answers: Record<string, unknown[]> = {};
    for (const addin of ["mdq", "plain"] as const) {
      const open = await openAddin(browser, front.url, addin, KEY);
      expect(open.protocol).toBe("http/1.1");
      await giveWorkbook(open.page, WORKBOOK, parameterCounts(), plainUrls(WORKBOOK, parameterCounts(), front.url, KEY));
      answers[addin] = await open.page.evaluate(() => {
        const w = window as unknown as {
          __workbook: Array<[string, unknown[]]>;
          __parameters: Record<string, number>;
          __mdq: { functions: Record<string, (...args: unknown[]) => Promise<unknown>> };
        };
        return Promise.all(
          w.__workbook.map(([name, args]) =>
            w.__mdq.functions[name](...args.concat(new Array(w.__parameters[name] - args.length).fill(null)), {}),
          ),
        );
      });
      await open.context.close();
    }
    WORKBOOK.forEach(([name], i) => {
      const plain = numbersOf(answers.plain[i]);
      const mdq = numbersOf(answers.mdq[i]);
      expect({ name, some: plain.size > 0 }).toEqual({ name, some: true });
      expect({ name, missing: [...plain].filter((n) => !mdq.has(n)) }).toEqual({ name, missing: [] });
    });
  });
});
