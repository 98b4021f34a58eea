// The built dist/excel served to headless Chromium (scripts/harness/chromium.ts), its task pane
// opened with the office.js stand-in (test/excel/office-stand-in.js): for the task pane's tests and
// for the screenshots of docs/images/ (screenshots.ts).
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import type { Browser, Page } from "playwright-core";

export const DIST_EXCEL = join(__dirname, "..", "..", "dist", "excel");
const OFFICE_JS = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
const OFFICE_STAND_IN = join(__dirname, "..", "..", "test", "excel", "office-stand-in.js");

const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".json": "application/json",
  ".png": "image/png",
  ".map": "application/json",
};

/** dist/excel over plain http on 127.0.0.1 (the browser test needs no certificate). */
export function serveDirectory(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? "/").split("?")[0])).replace(/^(\.\.[/\\])+/, "");
    const file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file)) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}

/** The built task pane from `site`, ready, on a page that has no network: office.js is the
 *  stand-in, everything else must be on 127.0.0.1, and what `refuse` names fails as a connection
 *  that cannot be made. `now`: the page's clock stands still at that time (a screenshot's text
 *  does not change with the hour it is taken). */
export async function openTaskPane(
  browser: Pick<Browser, "newPage">,
  site: string,
  refuse: (url: string) => boolean = () => false,
  now?: number,
): Promise<Page> {
  const page = await browser.newPage();
  if (now !== undefined) await page.clock.setFixedTime(now);
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url === OFFICE_JS) return route.fulfill({ contentType: "text/javascript", body: readFileSync(OFFICE_STAND_IN, "utf8") });
    if (refuse(url)) return route.abort("connectionrefused");
    return url.startsWith("http://127.0.0.1:") ? route.continue() : route.abort();
  });
  await page.goto(`${site}/taskpane.html`);
  await page.waitForSelector("body[data-ready=true]");
  return page;
}
