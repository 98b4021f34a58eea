// The built playground (dist/playground, dist/excel/functions.js and engine.js, npm run build first) in
// headless Chromium, served by an in-process sandbox with the same static mounts as `mdq serve`.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import type { Edition } from "../../shared/base/editions";
import { playgroundMounts } from "../../src/sandbox/serve";
import { type Sandbox, startSandbox } from "../../src/sandbox/server";

export const ROOT = join(__dirname, "..", "..");
export const DIST = join(ROOT, "dist");
export const SHOTS = join(ROOT, "test-output", "playground");
export const WAIT_MS = 20000;

/** Fails at once, saying what to do, when a built file the test needs is missing. */
export function requireBuilt(files: string[]): void {
  for (const file of [
    join(DIST, "playground", "index.html"),
    join(DIST, "excel", "functions.js"),
    join(DIST, "excel", "engine.js"),
    ...files,
  ]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  }
  mkdirSync(SHOTS, { recursive: true });
}

/** A sandbox of the edition serving the playground, and a page on it that reaches nothing else
 *  (the page, the bundle and the data all come from the sandbox), loaded. */
export async function openPlayground(
  browser: Browser,
  today: string,
  edition: Edition = "spec",
  viewport = { width: 1440, height: 900 },
): Promise<{ sandbox: Sandbox; page: Page }> {
  const sandbox = await startSandbox({ port: 0, host: "127.0.0.1", apiKey: "demo", today, static: playgroundMounts(DIST), edition });
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(WAIT_MS);
  await page.route("**/*", (route) => (route.request().url().startsWith(`${sandbox.url}/`) ? route.continue() : route.abort()));
  await page.goto(`${sandbox.url}/playground/${edition === "spec" ? "" : `?edition=${edition}`}`);
  await page.waitForFunction(() => (window as any).MDQ_PLAYGROUND !== undefined);
  return { sandbox, page };
}

/** Until no formula of the page is waiting for an answer (bounded). */
export const settled = (page: Page) =>
  page.waitForFunction(() => (window as any).MDQ_PLAYGROUND.sheet.calculating() === 0, null, { timeout: WAIT_MS });
