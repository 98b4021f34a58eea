// npm run generate: rewrite the committed files made from the catalogue (docs/functions.md and
// the host wrappers), and, when the provider's API description is beside this repository, the
// prices derived from it (shared/rows/credits.generated.ts) first, since the docs state them.
// Tests fail when a committed copy differs from what this would write.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadTs } from "./load-ts.mjs";

const { CREDITS_FILE, OPENAPI, creditsFromReference } = await loadTs("scripts/credits.ts");
const credits = creditsFromReference();
if (credits === undefined) console.log(`kept ${CREDITS_FILE}: the provider's API description is not at ${OPENAPI}`);
else if (!existsSync(CREDITS_FILE) || credits !== readFileSync(CREDITS_FILE, "utf8")) {
  writeFileSync(CREDITS_FILE, credits);
  console.log(`wrote ${CREDITS_FILE}`);
}

const { DESCRIPTION_FILE, descriptionFromReference } = await loadTs("scripts/describe-live.ts");
const description = descriptionFromReference();
if (description === undefined) console.log(`kept ${DESCRIPTION_FILE}: the provider's API description is not at ${OPENAPI}`);
else if (!existsSync(DESCRIPTION_FILE) || description !== readFileSync(DESCRIPTION_FILE, "utf8")) {
  writeFileSync(DESCRIPTION_FILE, description);
  console.log(`wrote ${DESCRIPTION_FILE}`);
}

const { generatedFiles } = await loadTs("scripts/generated-files.ts");
for (const [path, text] of Object.entries(generatedFiles())) {
  writeFileSync(path, text);
  console.log(`wrote ${path}`);
}
