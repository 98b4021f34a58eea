// The screenshots of docs/images/: a list, each staged in headless Chromium against the built
// bundles and a sandbox whose data and clock stand at one day, so the same build shows the same
// thing every time. `npm run screenshots` takes them and records beside them, in
// docs/images/screenshots.json, a fingerprint of what each one shows; test/scripts/screenshots.test.ts
// stages them again and fails when a fingerprint differs (the docs' picture is stale).
// The fingerprint is a hash of the rendered DOM of the element shown (its elements, their ids and
// classes, what is hidden or open, the fields' values and the text), the page's style sheets and
// the viewport, never of pixels: pixels differ across machines (fonts, anti-aliasing, Chromium's
// version) while the DOM and text of one build do not, so a pixel hash would fail on every machine
// but the one that took the picture.
// To add a screenshot (the Sheets sidebar's, say), add an entry to SCREENSHOTS: its name, and a
// stage that brings a page to what the picture shows and says which element to capture.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { type Sandbox, startSandbox } from "../../src/sandbox/server";
import { launchChromium } from "./chromium";
import { DIST_EXCEL, openTaskPane, serveDirectory } from "./excel-pane";
import { buildQuarterly, explainCell, useService } from "./pane-stages";
import * as sidebar from "./sidebar-stages";

export const IMAGES = join(__dirname, "..", "..", "docs", "images");
export const RECORD = join(IMAGES, "screenshots.json");

/** The moment every staged page and the sandbox stand at (the sandbox's data is a function of its day). */
export const SHOT_NOW = Date.parse("2026-11-25T03:00:00Z");
/** A task pane's or sidebar's width. */
export const PANE_VIEWPORT = { width: 420, height: 1100 };

export interface ShotEnv {
  browser: Browser;
  /** The sandbox's live edition, its day SHOT_NOW's. */
  sandbox: Sandbox;
}

export interface Staged {
  page: Page;
  /** The element the picture shows. */
  selector: string;
  /** Whatever the stage started besides the page (a server), closed after the picture. */
  close?: () => Promise<void>;
}

export interface Screenshot {
  /** docs/images/<name>.png */
  name: string;
  stage(env: ShotEnv): Promise<Staged>;
}

/** The built Excel task pane on the sandbox, its clock at SHOT_NOW. */
async function excelPane(env: ShotEnv): Promise<{ page: Page; close: () => Promise<void> }> {
  const site = await serveDirectory(DIST_EXCEL);
  // A context of its own: no answer kept by another stage's page (IndexedDB) changes this one's.
  const context = await env.browser.newContext({ viewport: PANE_VIEWPORT });
  const page = await openTaskPane(context, site.url, undefined, SHOT_NOW);
  await useService(page, env.sandbox.url, env.sandbox.apiKey);
  return {
    page,
    close: async () => {
      await context.close();
      await site.close();
    },
  };
}

export const SCREENSHOTS: Screenshot[] = [
  {
    // The builder as issue 29's Done-when leaves it before Insert: QUARTERLY of Bank Central Asia, previewed.
    name: "excel-builder",
    async stage(env) {
      const { page, close } = await excelPane(env);
      await buildQuarterly(page);
      // The picker's list closed: the picture shows the fields, the formula and the preview.
      await page.focus("#builder-preview");
      return { page, selector: "#builderSection", close };
    },
  },
  {
    name: "excel-explain",
    async stage(env) {
      const { page, close } = await excelPane(env);
      await explainCell(page, "D1", '=MDQ.VALUE("BBCA", "revenue")');
      return { page, selector: "#explainSection", close };
    },
  },
  {
    // The Sheets sidebar (300 px wide, as Google draws it) at the same point: QUARTERLY of Bank
    // Central Asia, previewed. Its own sandbox, in a worker (the Apps Script stand-in blocks while
    // it fetches), of the same edition and day.
    name: "sheets-builder",
    async stage(env) {
      const { session, close } = await sidebar.sheetsSidebar(env.browser, SHOT_NOW, "live");
      await sidebar.buildQuarterly(session);
      await session.page.focus("#builder-preview");
      return { page: session.page, selector: "#builder-section", close };
    },
  },
  {
    name: "sheets-explain",
    async stage(env) {
      const { session, close } = await sidebar.sheetsSidebar(env.browser, SHOT_NOW, "live");
      await sidebar.explainCell(session, "D1", '=MDQ_VALUE("BBCA", "revenue")');
      return { page: session.page, selector: "#explain-section", close };
    },
  },
];

/** The element's rendered DOM, the page's style sheets and the viewport, hashed. */
export async function fingerprint(page: Page, selector: string): Promise<string> {
  const rendered = await page.$eval(selector, (root) => {
    const walk = (node: Node): unknown => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent;
      if (!(node instanceof HTMLElement)) return null;
      const field = node as Partial<HTMLInputElement>;
      return [
        node.tagName,
        node.id,
        node.className,
        node.hidden,
        (node as Partial<HTMLDetailsElement>).open ?? null,
        "value" in node ? field.value : null,
        getComputedStyle(node).display,
        [...node.childNodes].map(walk),
      ];
    };
    const styles = [...document.querySelectorAll("style")].map((s) => s.textContent);
    return JSON.stringify([walk(root), styles, [innerWidth, innerHeight]]);
  });
  return createHash("sha256").update(rendered).digest("hex");
}

/** Each screenshot staged in turn, with its fingerprint now and as recorded; `write`: the
 *  pictures and the record written too. */
export async function shoot(write: boolean): Promise<Array<{ name: string; file: string; rendered: string; recorded?: string }>> {
  const recorded: Record<string, string> = existsSync(RECORD) ? JSON.parse(readFileSync(RECORD, "utf8")) : {};
  const sandbox = await startSandbox({ port: 0, host: "127.0.0.1", edition: "live", today: new Date(SHOT_NOW).toISOString().slice(0, 10) });
  const browser = await launchChromium();
  const out: Array<{ name: string; file: string; rendered: string; recorded?: string }> = [];
  try {
    for (const shot of SCREENSHOTS) {
      const staged = await shot.stage({ browser, sandbox });
      try {
        const file = join(IMAGES, `${shot.name}.png`);
        const rendered = await fingerprint(staged.page, staged.selector);
        if (write) {
          mkdirSync(IMAGES, { recursive: true });
          await staged.page.locator(staged.selector).screenshot({ path: file });
        }
        out.push({ name: shot.name, file, rendered, recorded: recorded[shot.name] });
      } finally {
        await staged.close?.();
      }
    }
  } finally {
    await browser.close();
    await sandbox.close();
  }
  if (write) writeFileSync(RECORD, `${JSON.stringify(Object.fromEntries(out.map((s) => [s.name, s.rendered])), null, 2)}\n`);
  return out;
}
