// One cold start in a process of its own: a script read and run in a fresh JavaScript context
// with Excel's stand-ins (nothing compiled or warmed before it), its functions registered. Prints
// the milliseconds from reading the file to the last CustomFunctions.associate, and how many there are;
// with an engine (MDQ_COLD_ENGINE: engine.js after functions.js, as a page runs it), also the
// milliseconds from reading the first file until the engine is ready.
import { readFileSync } from "node:fs";
import vm from "node:vm";
import { standIns } from "../../src/excel/stand-ins";
import { RUNTIME_GLOBALS } from "../harness/runtime-globals";

const bundle = process.env.MDQ_COLD_BUNDLE ?? "";
const engine = process.env.MDQ_COLD_ENGINE ?? "";
const stand = standIns();
let started = 0n;
const since = () => Number(process.hrtime.bigint() - started) / 1e6;
// When the last function was registered, as the Chromium figure's office.js stand-in notes it.
let ms = 0;
const { associate } = stand.globals.CustomFunctions as { associate(id: string, fn: unknown): void };
const CustomFunctions = {
  ...(stand.globals.CustomFunctions as object),
  associate: (id: string, fn: unknown) => {
    associate(id, fn);
    ms = since();
  },
};
const context = vm.createContext({
  ...stand.globals,
  CustomFunctions,
  fetch,
  ...RUNTIME_GLOBALS,
  console,
});
started = process.hrtime.bigint();
vm.runInContext(readFileSync(bundle, "utf8"), context, { filename: bundle });
let engineMs = 0;
if (engine) {
  vm.runInContext(readFileSync(engine, "utf8"), context, { filename: engine });
  if (!context.MDQ_ADDIN) throw new Error(`${engine} did not publish the engine`);
  engineMs = since();
}
process.stdout.write(JSON.stringify({ ms, engineMs, functions: stand.registered.size }));
