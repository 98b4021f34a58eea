// One call through the built Excel bundle in a process of its own, so that the process's peak
// memory is that call's: load the bundle, note the peak so far, make the call, print both.
import { invocation } from "../../src/excel/stand-ins";
import { loadExcel } from "./hosts";

interface ChildCall {
  baseUrl: string;
  apiKey: string;
  call: [string, ...unknown[]];
}

async function main() {
  const { baseUrl, apiKey, call } = JSON.parse(process.env.MDQ_BENCH_CALL ?? "") as ChildCall;
  const [name, ...args] = call;
  const fn = loadExcel(baseUrl, apiKey).get(name);
  if (!fn) throw new Error(`${name} is not registered`);
  const idleKb = process.resourceUsage().maxRSS;
  const blanks = new Array(Math.max(0, fn.length - 1 - args.length)).fill(null);
  let outcome: string;
  try {
    const cells = await fn(...args, ...blanks, invocation());
    outcome = `a ${cells.length.toLocaleString("en-US")} x ${cells[0]?.length ?? 0} table`;
  } catch (e) {
    outcome = (e as Error).message;
  }
  process.stdout.write(JSON.stringify({ idleKb, peakKb: process.resourceUsage().maxRSS, outcome }));
}

main().catch((e) => {
  process.stderr.write(String(e?.stack ?? e));
  process.exit(1);
});
