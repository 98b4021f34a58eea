// npm run templates: write the ready workbooks under templates/ from shared/catalogue/templates.ts. A test
// fails when a committed workbook differs from what this writes.
import { mkdirSync, writeFileSync } from "node:fs";
import { loadTs } from "./load-ts.mjs";

const { templateFiles, TEMPLATE_DIR } = await loadTs("scripts/templates-xlsx.ts");
mkdirSync(TEMPLATE_DIR, { recursive: true });
for (const { path, bytes } of await templateFiles()) {
  writeFileSync(path, bytes);
  console.log(`wrote ${path}`);
}
