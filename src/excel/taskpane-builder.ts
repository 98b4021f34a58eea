// builder.js: the task pane's formula builder and "Explain this cell", a script of its own that
// the pane injects when one of them is first opened (taskpane.ts), so that the runtime page, which
// Excel loads to calculate, starts without it. Like taskpane.js it bundles no core module: the
// rows and the runtime are the engine's (addin.ts).
import { Builder } from "../builder/builder";
import { Explain } from "../builder/explain";
import type { Registration } from "./addin";
import { excelHost } from "./taskpane-host";
import { PANE_SPENT_EVENT, PaneTally } from "./taskpane-spent";

async function start(): Promise<void> {
  // The engine functions.js loaded (register.ts); the pane opened only once it had.
  const addin = await (window as { MDQ_REGISTRATION?: Registration }).MDQ_REGISTRATION?.engine;
  const builderRoot = document.getElementById("builder");
  const explainRoot = document.getElementById("explain");
  if (!addin || !builderRoot || !explainRoot) return;
  const tally = new PaneTally();
  const host = excelHost(addin, undefined, (call) => {
    tally.add(call);
    const line = document.getElementById("paneSpent");
    if (line) line.textContent = tally.text();
    document.dispatchEvent(new Event(PANE_SPENT_EVENT));
  });
  const [builder, explain] = await Promise.all([Builder.mount(builderRoot, host), Explain.mount(explainRoot, host)]);
  // For the browser tests: the live objects.
  (window as { MDQ_BUILDER?: unknown }).MDQ_BUILDER = { builder, explain };
  document.body.dataset.builder = "ready";
}

start().catch((e) => {
  const root = document.getElementById("builder");
  if (root) root.textContent = `MDQ: the builder could not start (${(e as Error).message}). Reload the add-in.`;
});
