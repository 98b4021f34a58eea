// The pictures of docs/images/ show what the build shows: each is staged again and its
// fingerprint (a hash of the rendered DOM and text, not of pixels: scripts/harness/screenshots.ts
// says why) must be the one recorded when it was taken. Needs the build (npm run build).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { IMAGES, RECORD, SCREENSHOTS, shoot } from "../../scripts/harness/screenshots";

test("every screenshot of docs/images/ is fresh: npm run screenshots takes them again", async () => {
  const recorded = JSON.parse(readFileSync(RECORD, "utf8")) as Record<string, string>;
  // The record names the list, no more: a screenshot taken off the list is removed with its picture.
  expect(Object.keys(recorded).sort()).toEqual(SCREENSHOTS.map((s) => s.name).sort());
  const stale = (await shoot(false))
    .filter((s) => s.rendered !== s.recorded || !existsSync(s.file))
    .map((s) => `docs/images/${s.name}.png is stale: run npm run screenshots`);
  expect(stale).toEqual([]);
  for (const shot of SCREENSHOTS) expect(existsSync(join(IMAGES, `${shot.name}.png`))).toBe(true);
}, 120_000);
