// npm run screenshots: the pictures of docs/images/ taken again from the build (npm run build
// first), with the fingerprints test/scripts/screenshots.test.ts compares (scripts/harness/screenshots.ts).
import { relative } from "node:path";
import { loadTs } from "./load-ts.mjs";

const { shoot } = await loadTs("scripts/harness/screenshots.ts");
for (const shot of await shoot(true))
  console.log(`${relative(process.cwd(), shot.file)}${shot.recorded === shot.rendered ? " (unchanged)" : ""}`);
