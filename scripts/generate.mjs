// npm run generate: rewrite the committed files made from the catalogue (docs/functions.md and
// the host wrappers). Tests fail when a committed copy differs from what this would write.
import { writeFileSync } from "node:fs";
import { loadTs } from "./load-ts.mjs";

const { generatedFiles } = await loadTs("scripts/generated-files.ts");
for (const [path, text] of Object.entries(generatedFiles())) {
  writeFileSync(path, text);
  console.log(`wrote ${path}`);
}
