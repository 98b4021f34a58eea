// Committed files made from the catalogue must match what `npm run generate` writes now.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generatedFiles } from "../../../scripts/generated-files";

const root = join(__dirname, "..", "..", "..");

test.each(Object.entries(generatedFiles()))("%s is up to date (run npm run generate)", (path, text) => {
  expect(readFileSync(join(root, path), "utf8")).toBe(text);
});
