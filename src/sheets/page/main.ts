// The sidebar page's script (bundled into dist/sheets/Sidebar.html by scripts/build-sheets.mjs):
// the one builder of src/builder/ on the Sheets host, and "Explain this cell" under it.
import { Builder } from "../../builder/builder";
import { Explain } from "../../builder/explain";
import type { BuilderCatalogue } from "../../builder/host";
import { sheetsHost } from "./host";

async function start(): Promise<void> {
  const data = document.getElementById("mdq-catalogue")?.textContent ?? "";
  const catalogue = JSON.parse(data) as BuilderCatalogue;
  const host = sheetsHost(catalogue);
  await Promise.all([
    Builder.mount(document.getElementById("builder") as HTMLElement, host),
    Explain.mount(document.getElementById("explain") as HTMLElement, host),
  ]);
  document.body.dataset.ready = "true";
}

start().catch((e: Error) => {
  const status = document.getElementById("page-status") as HTMLElement;
  status.textContent = `MDQ: the builder could not start: ${e.message}`;
});
