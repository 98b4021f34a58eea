// The committed files derived from the catalogue, path → exact text.
import { catalogueMarkdown } from "../shared";
import { excelWrappers, functionIds } from "./excel-wrappers";
import { providerComparison } from "./provider-addin";
import { sheetsWrappers } from "./sheets-wrappers";

export function generatedFiles(): Record<string, string> {
  return {
    "docs/functions.md": `${catalogueMarkdown()}\n${providerComparison()}`,
    "src/sheets/wrappers.generated.js": sheetsWrappers(),
    "src/excel/functions.generated.ts": excelWrappers(),
    "src/excel/function-ids.generated.ts": functionIds(),
  };
}
