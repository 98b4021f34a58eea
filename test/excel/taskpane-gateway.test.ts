// The task pane's gateway setup path, in headless Chromium against a real gateway on loopback:
// choosing it relabels the fields and sets the edition for a gateway's host; the pane then
// reaches the service through the gateway, cross-origin (the gateway's CORS for the add-in).
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../scripts/harness/chromium";
import { type CountingUpstream, countingUpstream, gateway, type Started, tokenFile } from "../gateway/harness";
import { DIST_EXCEL, openTaskPane, serveDirectory } from "./browser";

let browser: Browser;
let page: Page;
let upstream: CountingUpstream;
let gw: Started;
let token: string;
let site: { url: string; close(): Promise<void> };

beforeAll(async () => {
  site = await serveDirectory(DIST_EXCEL);
  upstream = await countingUpstream();
  const tokens = tokenFile();
  token = await tokens.add("kim");
  gw = await gateway(upstream.url, { tokenFile: tokens.path, corsOrigins: [site.url] });
  browser = await launchChromium();
  page = await openTaskPane(browser, site.url);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await gw?.close();
  await upstream?.close();
});

test("choosing the gateway relabels the fields and sets the live edition; the pane connects through it", async () => {
  expect(await page.textContent("#baseUrlLabel")).toBe("Base URL");
  await page.check('input[name="setup"][value="gateway"]');
  expect(await page.textContent("#baseUrlLabel")).toBe("Gateway URL");
  expect(await page.textContent("#apiKeyLabel")).toBe("Your gateway token");
  expect(await page.inputValue("#edition")).toBe("live");
  expect(await page.textContent("#setupHint")).toMatch(/revoked/);
  // This gateway forwards to the sandbox, which speaks the spec edition.
  await page.selectOption("#edition", "spec");
  await page.fill("#baseUrl", gw.url);
  await page.fill("#apiKey", token);
  await page.click("#test");
  await page.waitForFunction(() => /Connected|MDQ:/.test(document.getElementById("status")!.textContent ?? ""));
  expect(await page.textContent("#status")).toMatch(/^Connected to http:\/\/127\.0\.0\.1:\d+ \(spec edition\)/);
  expect(upstream.seen).toHaveLength(1);
  expect(gw.logs.some((line) => JSON.parse(line).token === "kim")).toBe(true);
  await page.click("#save");
  await page.waitForFunction(() => /Saved/.test(document.getElementById("status")!.textContent ?? ""));
  expect(await page.evaluate(() => (window as any).__mdq.storage["mdq.apiKey"])).toBe(token);
});
