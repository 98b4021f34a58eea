// Figure 16 in `npm run bench`'s table and in docs/performance.md: its rows, how it is measured,
// and where a goal is missed.
import { CPU_RUNS, CPU_SCALES, type CpuRow, LATENCY_MS, SETTLE_MS, TIME_SCALES, type TimeRow, timeRuns } from "./all-values";

const count = (n: number) => n.toLocaleString("en-US");
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const failed = (p: { failed: number; firstError?: string }) => (p.failed ? `, ${p.failed} failed (${p.firstError})` : "");

export const GOALS = { time: 0.3, cpuFirst: 0.6, cpuSecond: 0.3 };

export interface AllValues {
  time: TimeRow[];
  cpu: CpuRow[];
}

/** Rows for scripts/bench.mjs: [figure, measured, goal]. */
export function allValuesRows({ time, cpu }: AllValues): string[][] {
  const timeRows = time.map((r) => [
    `16. time to all values, ${count(r.formulas)} formulas (${count(r.formulas / 5)} distinct), ${LATENCY_MS} ms service, ${r.protocol}, Chromium`,
    `MDQ ${secs(r.mdq.ms)}${failed(r.mdq)}, plain add-in ${secs(r.plain.ms)}${failed(r.plain)}: ${r.ratio.toFixed(2)}x; the floor of sharing (each distinct request fetched once, nothing else) ${secs(r.floor.ms)}${failed(r.floor)}: ${r.floorRatio.toFixed(2)}x (median of ${r.runs}${r.runs === 1 ? ": a plain run takes minutes" : ""})`,
    `<= ${GOALS.time}x the plain add-in`,
  ]);
  const cpuRows = cpu.map((r) => [
    `16. CPU per formula, answers from memory, ${count(r.formulas)} formulas, Chromium`,
    `first recalculation MDQ ${r.mdq.first.us.toFixed(0)} µs${failed(r.mdq.first)} (task time ${r.mdq.first.taskUs.toFixed(0)} µs), plain add-in ${r.plain.first.us.toFixed(0)} µs${failed(r.plain.first)} (task time ${r.plain.first.taskUs.toFixed(0)} µs): ${r.ratio.first.toFixed(2)}x; second MDQ ${r.mdq.second.us.toFixed(0)} µs${failed(r.mdq.second)}, plain ${r.plain.second.us.toFixed(0)} µs: ${r.ratio.second.toFixed(2)}x; the floor of sharing (one fetch, parse and 2-D array per distinct request, nothing else) first ${r.floor.first.us.toFixed(0)} µs${failed(r.floor.first)}: ${r.ratio.floor.toFixed(2)}x; MDQ on an Excel with data types (dates and formatted numbers as values) first ${r.typed.first.us.toFixed(0)} µs${failed(r.typed.first)}: ${r.ratio.typed.toFixed(2)}x (median of ${r.runs})`,
    `first <= ${GOALS.cpuFirst}x, second <= ${GOALS.cpuSecond}x the plain add-in`,
  ]);
  return [...timeRows, ...cpuRows];
}

/** How figure 16 is measured, for docs/performance.md. */
export const ALL_VALUES_HOW = `16. **What users feel** (\`scripts/bench/all-values.ts\`), in Debian's headless Chromium, MDQ beside a plain add-in on the same page set-up, runs alternating, the plain add-in first. Each run is a new browser context (nothing cached, no compiled code, an empty IndexedDB) that opens the add-in's page as Excel's shared runtime does, office.js being the tests' stand-in with the settings already stored (the server below, its key, the spec edition, so that no edition question is asked): MDQ's runtime page, \`dist/excel/taskpane.html\` with whichever scripts it loads from \`dist/excel\`; the plain add-in's page, office.js and one script (\`scripts/bench/plain-addin.ts\`) that registers every catalogue function as one fetch of the URL MDQ asks for the same formula (looked up by its arguments, prepared before the clock starts), one JSON.parse and one 2-D array, nothing shared or cached. The plain add-in keeps at most 64 requests in flight, MDQ's own default cap: asked for every formula at once, Chromium fails the requests past its limit of outstanding requests per page (net::ERR_INSUFFICIENT_RESOURCES: about 600 of a 2,000-formula workbook when this figure was written). Once the page has loaded, figure 15's workbook is handed to the page and every formula is invoked from inside it at once, with every parameter Excel passes (\`dist/excel/functions.json\`) and an invocation. **Time to all values**: ${TIME_SCALES.map(count).join(", ")} formulas, by the page's clock from the first invocation to the last value, against the sandbox behind a server on 127.0.0.1 (\`scripts/bench/latency-front.ts\`) that serves the pages too (one origin: no CORS preflight for either add-in) and answers every API request ${LATENCY_MS} ms after it arrives, however many are open; the sandbox's answers to the workbook's URLs are made before the clock starts and replayed, so that the service's own work, which is not on a user's machine, does not share the measured browser's cores (the more so for the add-in that sends five times the requests). Over HTTP/1.1 (plain http: Chromium opens at most 6 connections to the host) and over HTTP/2 (Node's \`http2.createSecureServer\` with its default settings, no limit of streams at once, and an EC certificate made for the run by openssl; the bench's Chromium trusts that key alone, \`--ignore-certificate-errors-spki-list\`); the protocol is checked on the page's navigation entry. ${TIME_SCALES.map((n) => `${timeRuns(n)} run${timeRuns(n) > 1 ? "s" : ""} of each at ${count(n)}`).join(", ")} formulas (one plain run over HTTP/1.1 at 10,000 takes minutes), the median by time; beside them, the floor of sharing (below), whose distinct requests over the same network are what any add-in that shares them waits for. **CPU per formula, answers from memory**: ${CPU_SCALES.map(count).join(" and ")} formulas; each add-in's answers are first recorded by a page of its own (the server answering at once), then in each run the page's fetch (replaced before any script of the page) answers every request from a Map of those answers at once, so only the add-ins' own JavaScript is timed: the CPU time of the renderer's main thread (the DevTools protocol's \`Performance.getMetrics\` ThreadTime: script, garbage collection, everything the page's thread does) from before the first invocation until ${SETTLE_MS} ms after the last value (work left for later, such as MDQ's write-through to IndexedDB, counts), divided by the formulas; the first recalculation in a fresh context, then the second in the same page. The main thread's task time (TaskDuration) over the same span is given beside MDQ's first recalculation: it adds the time the thread's tasks were off the CPU (descheduled while other processes ran, waiting on the browser process): on a busy machine it grows with the load, and most for the add-in whose work spans more tasks. Beside them, the floor of any add-in that shares work per distinct request: the plain add-in's page and script, but one fetch, one JSON.parse and one 2-D array per distinct URL, handed to every formula that asks it (whatever its display options), nothing checked, kept, shown per variant or written through. The stand-in's office.js supports no requirement set, as an Excel without data types for custom functions: MDQ's dates are serial numbers and its numbers plain. Beside it, MDQ on the same page as Excel 365 runs it (\`CustomFunctionsRuntime\` 1.4 and \`ExcelApi\` 1.19 supported): every date and typed number of a result an object with its number format (the plain add-in's arrays are the same either way). ${CPU_RUNS} runs of each, interleaved, medians.`;

/** Where figure 16's goals are missed, for docs/performance.md. */
export function allValuesMissed({ time, cpu }: AllValues): string[] {
  const lines: string[] = [];
  const slow = time.filter((r) => r.ratio > GOALS.time || r.mdq.failed);
  if (slow.length)
    lines.push(
      `Time to all values is above ${GOALS.time}x the plain add-in's (or some formula failed) at ${slow.map((r) => `${count(r.formulas)} formulas over ${r.protocol}: ${secs(r.mdq.ms)} against ${secs(r.plain.ms)} (${r.ratio.toFixed(2)}x; the floor of sharing ${secs(r.floor.ms)}, ${r.floorRatio.toFixed(2)}x)`).join("; ")}.`,
      "",
    );
  const heavy = cpu.filter((r) => r.ratio.first > GOALS.cpuFirst || r.ratio.second > GOALS.cpuSecond);
  if (heavy.length)
    lines.push(
      `CPU per formula with answers from memory is above its goal at ${heavy.map((r) => `${count(r.formulas)} formulas: first ${r.mdq.first.us.toFixed(0)} µs against ${r.plain.first.us.toFixed(0)} µs (${r.ratio.first.toFixed(2)}x, goal ${GOALS.cpuFirst}x), second ${r.mdq.second.us.toFixed(0)} µs against ${r.plain.second.us.toFixed(0)} µs (${r.ratio.second.toFixed(2)}x, goal ${GOALS.cpuSecond}x), the floor of sharing ${r.floor.first.us.toFixed(0)} µs (${r.ratio.floor.toFixed(2)}x)`).join("; ")}. What MDQ adds to the floor is, per distinct request, what the floor leaves out: arguments checked, the request prepared and priced, the answer read within its bounds, decoded into typed columns, kept in the cache and written through to IndexedDB, each display variant laid out.`,
      "",
    );
  return lines;
}
