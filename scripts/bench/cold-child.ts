// One cold start in a process of its own: a bundle read and run in a fresh JavaScript context
// with Excel's stand-ins (nothing compiled or warmed before it), its functions registered. Prints
// the milliseconds from reading the file to the last function registered, and how many there are.
import { readFileSync } from "node:fs";
import vm from "node:vm";
import { standIns } from "../../src/excel/stand-ins";

const bundle = process.env.MDQ_COLD_BUNDLE ?? "";
const stand = standIns();
const context = vm.createContext({ ...stand.globals, fetch, AbortController, setTimeout, clearTimeout, URL, TextDecoder, console });
const started = process.hrtime.bigint();
vm.runInContext(readFileSync(bundle, "utf8"), context, { filename: bundle });
const ms = Number(process.hrtime.bigint() - started) / 1e6;
process.stdout.write(JSON.stringify({ ms, functions: stand.registered.size }));
