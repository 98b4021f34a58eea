// The provider's key and the gateway setup path, in headless Chromium against the built task pane:
// choosing the gateway drops the saved key (form and storage), and Test connection or Save with
// anything but a gateway token in the field sends nothing. The "gateway" is a server that records
// every request's headers and allows the add-in's calls (CORS), so a key sent would arrive.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../scripts/harness/chromium";
import { DIST_EXCEL, openTaskPane, serveDirectory } from "./browser";

const PROVIDER_KEY = "provider-key-7f3a9c2e5b1d4086";
const TOKEN = "mdqg_test-token-for-the-recorder";

let browser: Browser;
let page: Page;
let site: { url: string; close(): Promise<void> };
let recorder: http.Server;
let recorderUrl: string;
/** Every request the recorder received (preflights included): its URL and headers, as one text. */
const received: string[] = [];

beforeAll(async () => {
  recorder = http.createServer((req, res) => {
    received.push(JSON.stringify({ method: req.method, url: req.url, headers: req.headers }));
    res.writeHead(req.method === "OPTIONS" ? 204 : 200, {
      "access-control-allow-origin": "*",
      "access-control-allow-headers": "authorization, accept",
      "content-type": "application/json",
    });
    res.end(req.method === "OPTIONS" ? undefined : "[]");
  });
  await new Promise<void>((resolve) => recorder.listen(0, "127.0.0.1", resolve));
  recorderUrl = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
  site = await serveDirectory(DIST_EXCEL);
  browser = await launchChromium();
  page = await openTaskPane(browser, site.url);
  // The user had the direct path with their own key, saved.
  await page.fill("#apiKey", PROVIDER_KEY);
  await page.click("#save");
  await page.waitForFunction(() => /Saved/.test(document.getElementById("status")!.textContent ?? ""));
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  recorder?.closeAllConnections();
  await new Promise((resolve) => recorder?.close(resolve));
});

const storedKey = () => page.evaluate(() => (window as any).__mdq.storage["mdq.apiKey"]);

async function testConnection() {
  await page.evaluate(() => (document.getElementById("status")!.textContent = ""));
  await page.click("#test");
  await page.waitForFunction(() => /Connected|MDQ:/.test(document.getElementById("status")!.textContent ?? ""));
  return (await page.textContent("#status")) ?? "";
}

test("choosing the gateway drops the saved provider key: Test connection to the typed URL never carries it", async () => {
  expect(await page.inputValue("#apiKey")).toBe(PROVIDER_KEY);
  await page.check('input[name="setup"][value="gateway"]');
  await page.waitForFunction(() => (window as any).__mdq.storage["mdq.apiKey"] === "");
  expect(await page.inputValue("#apiKey")).toBe("");
  expect(await page.textContent("#status")).toMatch(/provider's API key was removed from this computer/);
  await page.fill("#baseUrl", recorderUrl);
  const status = await testConnection();
  expect(status).toMatch(/gateway token \(it starts with mdqg_\).*Nothing was sent\.$/);
  expect(received.filter((r) => r.includes(PROVIDER_KEY))).toEqual([]);
  expect(await storedKey()).toBe("");
});

test("the provider key typed back into the token field is neither sent nor saved", async () => {
  await page.fill("#baseUrl", recorderUrl);
  await page.fill("#apiKey", PROVIDER_KEY);
  expect(await testConnection()).toMatch(/Nothing was sent\.$/);
  await page.click("#save");
  await page.waitForFunction(() => /Nothing was saved\./.test(document.getElementById("status")!.textContent ?? ""));
  expect(received.filter((r) => r.includes(PROVIDER_KEY))).toEqual([]);
  expect(await storedKey()).toBe("");
});

test("a gateway token does reach the recorder (the check above could have seen a key), and is saved", async () => {
  await page.fill("#baseUrl", recorderUrl);
  await page.fill("#apiKey", TOKEN);
  await testConnection();
  expect(received.some((r) => r.includes(TOKEN))).toBe(true);
  expect(received.filter((r) => r.includes(PROVIDER_KEY))).toEqual([]);
  await page.click("#save");
  await page.waitForFunction(() => /Saved/.test(document.getElementById("status")!.textContent ?? ""));
  expect(await storedKey()).toBe(TOKEN);
});
