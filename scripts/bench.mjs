// npm run bench: every figure, measured in one run, printed as one table. With --write the
// figures and the machine they came from go into docs/performance.md as well.
import { writeFileSync } from "node:fs";
import os from "node:os";
import { benchSandbox } from "./bench-sandbox.mjs";
import { loadTs } from "./load-ts.mjs";

const figures = await loadTs("scripts/bench/figures.ts");
const limits = await loadTs("scripts/bench/limits.ts");
const recalc = await loadTs("scripts/bench/recalc.ts");
const trackerBench = await loadTs("scripts/bench/tracker.ts");
const gateway = await loadTs("scripts/bench/gateway.ts");
const economy = await figures.requestEconomy();
const overhead = await figures.clientOverhead();
const sizes = figures.bundleSizes();
const rowScripts = figures.rowScriptSizes();
const cold = await figures.coldStart();
const sandbox = await benchSandbox({ concurrency: 50, requests: 5000 });
const memory = await limits.answerMemory();
const storm = await limits.rateLimitStorm();
const first = await recalc.firstRecalculation();
const slow = await recalc.slowService();
const tracker = await trackerBench.sheetsTracker();
const hits = await gateway.gatewayThroughput();
const team = await gateway.teamRequests();
const hitCost = await (await loadTs("scripts/bench/hit-cost.ts")).hitCost();
const valueModels = await loadTs("scripts/bench/value-model.ts");
const model = await valueModels.valueModel();
const sheetsModel = await valueModels.sheetsValueModel(model.value.shown);
const history = await (await loadTs("scripts/bench/series.ts")).seriesHistory();
const scaleBench = await loadTs("scripts/bench/workbook-scale.ts");
const scale = await scaleBench.workbookScale();
const allValuesBench = await loadTs("scripts/bench/all-values-rows.ts");
const allValues = await figures.allValues();

const DISTINCT_COUNT = economy.distinct;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const worst = overhead.reduce((a, b) => (b.ratio > a.ratio ? b : a));
const big = overhead.find((r) => r.name.includes("10,000"));
/** Credits beside requests: what the provider bills (its published prices; estimated, as the bench's
 *  sandbox speaks the spec edition: the price of the same path under /v2/). */
const cr = (n) => `${n.toLocaleString("en-US")} credits`;
/** What `auto`, the Excel add-in's default edition, adds against a server other than the provider's
 *  (the bench's sandbox): it asks the server its edition once a day (shared/request/edition-auto.ts). */
const EDITION_QUESTION = "1 request: auto's edition question";
const rows = [
  [
    "1. request economy, Excel (300 formulas at once)",
    `first pass ${(economy.excel[0].requests / economy.distinct).toFixed(2)} requests per distinct (${economy.excel[0].requests}/${economy.distinct}), ${cr(economy.excel[0].credits)}; second pass ${economy.excel[1].requests}, ${cr(economy.excel[1].credits)}`,
    `1.00 / 0, + ${EDITION_QUESTION}`,
  ],
  [
    "1. request economy, Sheets (one at a time)",
    `first pass ${(economy.sheets[0].requests / economy.distinct).toFixed(2)} (${economy.sheets[0].requests}/${economy.distinct}), ${cr(economy.sheets[0].credits)}; second pass ${economy.sheets[1].requests}, ${cr(economy.sheets[1].credits)}`,
    "1.00 / 0",
  ],
  [
    "1. request economy, provider-style add-in (one request per formula)",
    `every pass ${economy.provider.requests} requests, ${cr(economy.provider.credits)}${economy.provider.failed ? ` (${economy.provider.failed} failed)` : ""}`,
    "-",
  ],
  ["2. client overhead, largest answer per function", `worst ${worst.ratio.toFixed(2)}x JSON.parse (${worst.name})`, "<= 1.5"],
  [
    "2. client overhead, 10,000 rows",
    `${big.ratio.toFixed(2)}x (${big.renderMs.toFixed(1)} ms vs ${big.parseMs.toFixed(1)} ms, ${kb(big.bytes)})`,
    "<= 1.5",
  ],
  ["3. before registration, dist/excel/functions.js", `${kb(sizes[0].bytes)} minified, ${kb(sizes[0].gzip)} gzipped`, "<= 4 KB"],
  ["3. engine, dist/excel/engine.js", `${kb(sizes[2].bytes)} minified, ${kb(sizes[2].gzip)} gzipped`, "<= 50 KB gzipped"],
  [
    "3. rows by family, dist/excel/rows-*.js (each at its first call)",
    rowScripts.map((r) => `${r.file.slice(5, -3)} ${kb(r.bytes)} (${kb(r.gzip)} gzipped)`).join(", "),
    "-",
  ],
  ["3. bundle, dist/sheets/Code.js", `${kb(sizes[1].bytes)}, ${kb(sizes[1].gzip)} gzipped`, "-"],
  [
    `4. cold start to registration, Chromium (fresh context), ${cold.functions} functions`,
    `runtime page ${cold.chromium.mdqMs.toFixed(1)} ms (functions.js alone ${cold.chromium.functionsMs.toFixed(1)} ms), anchor ${cold.chromium.anchorMs.toFixed(1)} ms: ${(cold.chromium.mdqMs / cold.chromium.anchorMs).toFixed(2)}x (median of ${cold.runs}); page loaded with the engine ${cold.chromium.mdqLoadMs.toFixed(1)} ms, anchor ${cold.chromium.anchorLoadMs.toFixed(1)} ms`,
    "<= 1x the anchor",
  ],
  [
    "4. cold start to registration, Node (fresh process), functions.js",
    `${cold.node.mdqMs.toFixed(1)} ms, anchor ${cold.node.anchorMs.toFixed(1)} ms: ${(cold.node.mdqMs / cold.node.anchorMs).toFixed(2)}x (median of ${cold.runs}); engine ready ${cold.node.engineMs.toFixed(1)} ms`,
    "<= 1x the anchor",
  ],
  [
    "5. sandbox, 50 concurrent clients",
    `${sandbox.rps.toFixed(0)} req/s, p50 ${sandbox.p50.toFixed(1)} ms, p99 ${sandbox.p99.toFixed(1)} ms (${sandbox.requests} requests, ${sandbox.errors} errors)`,
    "-",
  ],
];
const mb = (kbytes) => `${(kbytes / 1024).toFixed(0)} MB`;
for (const m of memory) {
  rows.push([`6. Excel runtime peak memory, ${m.label}`, `${mb(m.peakKb)} (idle ${mb(m.idleKb)}): ${m.outcome.slice(0, 90)}`, "bounded"]);
}
rows.push([
  `7. 429 storm, ${storm.cells} distinct Excel cells`,
  `${storm.requests} requests in ${storm.seconds.toFixed(1)} s (${storm.failed} cells ended rate-limited); per-cell back-off would send up to ${storm.cells * 3}`,
  `<= ${storm.cells} + 1 per pause`,
]);
const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;
const recalcLabel = `8. first recalculation, ${first.formulas} formulas (${first.distinct} distinct), 100 ms service`;
rows.push([
  `${recalcLabel}: MDQ`,
  `${first.mdq.requests} requests, ${cr(first.mdq.credits)}, ${secs(first.mdq.ms)} (median of ${first.runs} fresh loads; ${first.concurrency} at once, identical requests shared; ${first.mdq.failed} failed)`,
  `requests = ${first.distinct} + ${EDITION_QUESTION}; time <= provider-style`,
]);
rows.push([
  `${recalcLabel}: provider-style add-in`,
  `${first.provider.requests} requests, ${cr(first.provider.credits)}, ${secs(first.provider.ms)} (median of ${first.runs}; one fetch per cell, no cache, 6 connections as a browser; ${first.provider.failed} failed)`,
  "-",
]);
rows.push([
  `9. ${slow.formulas} distinct QUARTERLY formulas, 1 s service: MDQ`,
  `${slow.failed} failed cells (${slow.requests} requests in ${secs(slow.ms)}, default settings)`,
  "0 failed",
]);
const trackerPass = (p) =>
  `${p.executions} executions, ${p.requests} URL fetches (${p.fetchCalls} fetch + ${p.fetchAllCalls} fetchAll calls), ${cr(p.credits)}, ${p.cacheItems} CacheService items${p.failed ? `, ${p.failed} failed` : ""}`;
const trackerLabel = `10. Sheets tracker, ${tracker.formulas} cells (${tracker.companies} companies x ${tracker.columns} QUARTERLY columns), ${tracker.atOnce} executions at once`;
rows.push([
  `${trackerLabel}: one formula per cell`,
  `first ${trackerPass(tracker.perCell.first)}; Refresh all ${trackerPass(tracker.perCell.refresh)}`,
  "-",
]);
rows.push([`${trackerLabel}: one range formula per column`, `first ${trackerPass(tracker.perColumn.first)}`, "-"]);
rows.push([
  `${trackerLabel}: one range formula, all columns`,
  `first ${trackerPass(tracker.one.first)}; Refresh all ${trackerPass(tracker.one.refresh)}`,
  "1 execution, 1 fetchAll; items unchanged by Refresh all",
]);
rows.push([
  `${trackerLabel}: provider-style add-in`,
  `every pass ${tracker.provider.requests} requests, ${cr(tracker.provider.credits)} (one per cell, no cache${tracker.provider.failed ? `; ${tracker.provider.failed} failed` : ""})`,
  "-",
]);
const ms2 = (ms) => `${ms.toFixed(2)} ms`;
rows.push([
  `11. gateway, cache hits, one instance, ${hits.clients} clients`,
  `${hits.rps.toFixed(0)} req/s (${hits.requests} requests, ${hits.errors} errors, ${hits.upstreamDuringHits} upstream); one at a time: p50 ${ms2(hits.hitP50)}, p99 ${ms2(hits.hitP99)} for the whole round trip`,
  ">= 5,000 req/s; <= 2 ms p50",
]);
rows.push([
  "11. gateway, a miss: added to the service's own time",
  `p50 ${ms2(hits.missAddedP50)}, p99 ${ms2(hits.missAddedP99)} (the workbook's ${DISTINCT_COUNT} distinct requests, one at a time)`,
  "-",
]);
rows.push(...(await loadTs("scripts/bench/hit-cost.ts")).hitCostRows(hitCost));
if (team.missing)
  rows.push([`12. ${team.analysts} analysts x 300 formulas`, `not measured: ${team.missing}`, `requests = ${team.distinct}`]);
else {
  const run = (r) => `${r.requests} upstream requests, ${cr(r.credits)}, ${secs(r.seconds * 1000)}, ${r.failed} failed`;
  rows.push([
    `12. ${team.analysts} analysts x 300 formulas at once: two gateways, one Redis`,
    `${run(team.first)}; again: ${run(team.second)} (the gateways' /metrics: ${cr(team.gatewayCredits)} over both runs)`,
    `requests = ${team.distinct}; again 0`,
  ]);
  rows.push([`12. ${team.analysts} analysts x 300 formulas at once: without the gateway`, run(team.direct), "-"]);
  rows.push([
    `12. ${team.analysts} analysts x 300 formulas at once: provider-style add-ins`,
    `${(team.analysts * economy.provider.requests).toLocaleString("en-US")} requests, ${cr(team.analysts * economy.provider.credits)} (${team.analysts} x figure 1's provider-style pass, not run again)`,
    "-",
  ]);
}
const modelLabel = `13. financial model, ${model.cells} cells (${model.companies} companies x 50 quarterly fields)`;
/** The credits of the quarters the model's cells name: each company's from 2023Q1 to its latest. */
const named = model.companies * sheetsModel.quartersNamed;
const modelGoal = `credits <= ${named} (${model.companies} x the ${sheetsModel.quartersNamed} quarters named); requests: per company its fiscal dates, its latest quarters once and each older quarter once by report date`;
rows.push([
  `${modelLabel}, Excel, 100 ms service: =MDQ.VALUE(key, field, period)`,
  `${model.value.requests} requests, ${cr(model.value.credits)}, ${secs(model.value.ms)} (median of ${model.runs} fresh loads; ${model.value.failed} failed)`,
  modelGoal,
]);
rows.push([
  `${modelLabel}, Excel: =INDEX(MDQ.QUARTERLY(key, 24), row, column)`,
  `${model.index.requests} requests, ${cr(model.index.credits)}, ${secs(model.index.ms)} (median of ${model.runs}; a 24-quarter statement per cell; ${model.index.failed} failed)`,
  "-",
]);
rows.push([
  `${modelLabel}: the INDEX model with a provider-style add-in`,
  `${model.provider.requests} requests, ${cr(model.provider.credits)}, ${secs(model.provider.ms)}${model.provider.failed ? ` (${model.provider.failed} failed)` : ""}`,
  "-",
]);
/** Excel's auto edition question (GET /v1/subsectors/, 1 credit), which Sheets (spec named) does not ask. */
const sheetsGoal = { fetches: model.value.requests - 1, credits: model.value.credits - 1 };
/** Google's latencies of a setting, as the figure names them. */
const settingText = (r) =>
  `service ${r.latencyMs} ms; CacheService / properties / lock / sheet read ${["cache", "properties", "lock", "sheet"].map((k) => r.costs[k] ?? 0).join(" / ")} ms`;
for (const r of sheetsModel.runs) {
  const pass = (p) =>
    `${p.fetches} URL fetches (${p.distinct} distinct), ${cr(p.credits)}, longest execution ${secs(p.longestMs)}, ${secs(p.recalculationMs)} in all, ${p.unlikeExcel} cells unlike Excel's${p.failed ? `, ${p.failed} failed` : ""}`;
  rows.push([
    `${modelLabel}, Sheets (${sheetsModel.atOnce} executions at once, cells started by ${r.order}; ${settingText(r)})`,
    `first ${pass(r.first)}${r.refresh ? `; Refresh all ${pass(r.refresh)}` : ""}`,
    `Excel's requests and credits less its edition question: ${sheetsGoal.fetches} URL fetches, ${sheetsGoal.credits} credits; no execution past 30 s; 0 cells unlike Excel's`,
  ]);
}
const historyLabel = `14. price history, ${history.tickers} IDX companies x 5 years of DAILY (${history.start} to ${history.end}), 100 ms service`;
const historyPass = (p) =>
  `${p.requests} requests, ${cr(p.credits)}, ${p.rows.toLocaleString("en-US")} rows, ${secs(p.ms)}, heap ${p.heapMb.toFixed(1)} MB${p.failed ? `, ${p.failed} failed` : ""}`;
rows.push([`${historyLabel}: MDQ (Excel), cold`, historyPass(history.cold), "every trading day; requests = 90-day windows"]);
rows.push([`${historyLabel}: MDQ (Excel), warm`, historyPass(history.warm), "requests = 0"]);
rows.push([
  `${historyLabel}: provider-style add-in`,
  `${history.provider.requests} requests, ${cr(history.provider.credits)}, ${history.provider.rows.toLocaleString("en-US")} rows (the service's last 90 days of each window, nothing said), ${secs(history.provider.ms)}`,
  "-",
]);
rows.push(...scaleBench.workbookScaleRows(scale));
rows.push(...allValuesBench.allValuesRows(allValues));
const failures = [...economy.excel, ...economy.sheets].reduce((n, p) => n + p.failed, 0);

const width = (i) => Math.max(...rows.map((r) => r[i].length));
const line = (r) => `${r[0].padEnd(width(0))}  ${r[1].padEnd(width(1))}  ${r[2]}`;
const table = [line(["figure", "measured", "goal"]), ...rows.map(line)].join("\n");
console.log(table);
if (failures) console.log(`\nwarning: ${failures} formulas failed during the request-economy passes`);

const cpu = os.cpus();
const machine = `${cpu.length} x ${cpu[0]?.model ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
console.log(`\nmachine: ${machine}`);

/** Where the overhead goal is missed, and by how much in absolute terms. */
function missedGoals() {
  const lines = [];
  const missed = overhead.filter((r) => r.ratio > 1.5);
  if (missed.length) {
    const list = missed
      .map(
        (r) =>
          `${r.name} (${kb(r.bytes)}: ${(r.renderMs * 1000).toFixed(1)} µs against ${(r.parseMs * 1000).toFixed(1)} µs, ${r.ratio.toFixed(2)}x)`,
      )
      .join("; ");
    const largest = Math.max(...missed.map((r) => r.bytes));
    const larger = overhead.filter((r) => r.bytes > largest);
    lines.push(
      `Client overhead is above 1.5x JSON.parse for ${list}. These answers are at most ${kb(largest)}: the native JSON.parse takes a few microseconds, and turning records into dotted field names and a table has a fixed cost of a few microseconds whatever the size; the worst absolute cost among them is ${Math.max(...missed.map((r) => r.renderMs * 1000)).toFixed(1)} µs per call. ${larger.every((r) => r.ratio <= 1.5) ? "Every larger answer is under the goal" : "Some larger answers are above it too"} (the 10,000-row answer: ${big.ratio.toFixed(2)}x).`,
      "",
    );
  }
  if (sizes[2].gzip > 50 * 1024)
    lines.push(
      `The Excel engine is ${kb(sizes[2].bytes)} minified (${kb(sizes[2].gzip)} gzipped), above the 50 KB gzipped goal. It holds no catalogue row (each family's rows are a script of their own, loaded at its first call) nor the catalogue's prose (scripts/strip-docs.mjs); dist/excel/meta.json lists each module's minified bytes in each script, the place to start.`,
      "",
    );
  const slowStarts = [
    ["Chromium (fresh context)", cold.chromium.mdqMs, cold.chromium.anchorMs],
    ["Node (fresh process)", cold.node.mdqMs, cold.node.anchorMs],
  ].filter(([, mdq, anchor]) => mdq > anchor);
  if (slowStarts.length)
    lines.push(
      `Cold start to registration is above the anchor's in ${slowStarts.map(([where, mdq, anchor]) => `${where}: ${mdq.toFixed(2)} ms against ${anchor.toFixed(2)} ms`).join("; ")}. The anchor registers as many functions, each a fetch and JSON.parse, in ${kb(cold.bytes.anchor)}; MDQ's functions.js registers them in ${kb(cold.bytes.mdq)} and then loads the engine (${kb(cold.bytes.engine)}, ${kb(cold.bytes.engineGzip)} gzipped), which answers the calls made meanwhile; functions.js alone on a page like the anchor's registers in ${cold.chromium.functionsMs.toFixed(1)} ms.`,
      "",
    );
  for (const r of sheetsModel.runs) {
    const p = r.first;
    if (p.fetches === sheetsGoal.fetches && p.credits === sheetsGoal.credits && p.longestMs < 30_000 && p.unlikeExcel === 0) continue;
    lines.push(
      `The financial model in Sheets, cells started by ${r.order} (${settingText(r)}): ${p.fetches} URL fetches (${p.distinct} distinct) for ${p.credits.toLocaleString("en-US")} credits, longest execution ${secs(p.longestMs)}, ${p.unlikeExcel} cells unlike Excel's; the goal is Excel's requests and credits less its edition question, ${sheetsGoal.fetches} and ${sheetsGoal.credits}.`,
      "",
    );
  }
  lines.push(...scaleBench.workbookScaleMissed(scale));
  lines.push(...allValuesBench.allValuesMissed(allValues));
  return lines.length ? ["## Where a goal is missed", "", ...lines] : [];
}

if (process.argv.includes("--write")) {
  const perFunction = overhead.map(
    (r) => `| ${r.name} | ${kb(r.bytes)} | ${r.parseMs.toFixed(3)} | ${r.renderMs.toFixed(3)} | ${r.ratio.toFixed(2)} |`,
  );
  writeFileSync(
    "docs/performance.md",
    [
      "# Performance",
      "",
      `Measured by \`npm run bench -- --write\` on ${new Date().toISOString().slice(0, 10)}, on ${machine}. Every figure below comes from the same run.`,
      "",
      "| figure | measured | goal |",
      "|---|---|---|",
      ...rows.map((r) => `| ${r[0]} | ${r[1]} | ${r[2]} |`),
      "",
      "## How each figure is measured",
      "",
      `1. **Request economy**: a simulated workbook of ${economy.formulas} formulas over ${economy.distinct} distinct requests (17 index windows, 15 quarterly statements, filings, KLSE, mining, lists; each asked by five formulas that differ only in display options), run through the built \`${"dist/excel/functions.js"}\` (all formulas at once, as Excel recalculates) and the built \`dist/sheets/Code.js\` (one at a time, as Sheets does), twice. Upstream requests are counted where they leave each host (the Excel bundle's fetch, the Apps Script UrlFetchApp stand-in). Identical requests in flight are shared (Excel) and answers are cached for the function's lifetime (both hosts). **Credits** beside requests are what the provider bills for the answers, at its published prices (shared/rows/credits.ts: 1 per quarter returned, 1 per section or classification asked, 1 for most requests); the sandbox speaks the spec edition, which publishes no prices, so every credit figure is MDQ's estimate: the price of the same path under \`/v2/\`. Excel's are the runtime's own count (what its task pane shows: each request billed once where it leaves), Sheets' are the answers the UrlFetchApp stand-in read. Excel keeps its default edition setting, \`auto\`, which asks a server other than the provider's (here the sandbox) which edition it speaks, once a day: one request more than the workbook's, in its first pass (figures 1, 8 and 15); at the provider's own address, or with the edition named as a gateway's setup does, it asks nothing. Sheets names the spec edition. The provider-style add-in (figures 1, 8, 10, 12) sends one plain \`fetch\` per formula of the URL MDQ asks for, no cache, no sharing; its credits are its answers' prices.`,
      "2. **Client overhead**: for the largest answer of each function from the sandbox, and a 10,000-row quarterly answer, the median time to validate and flatten (decode + layout + display options) divided by the median time of `JSON.parse` on the same body.",
      "3. **Bundle size**: bytes of the built files as shipped, and gzipped. dist/excel/functions.js is the registration script: the function ids and, for each, a wrapper that queues its calls until the engine has loaded, all registered at once; it then loads dist/excel/engine.js, which serves the calls. The engine holds no catalogue row: a function's first call loads its family's rows (dist/excel/rows-<family>.js, shared/catalogue/families.ts; VALUE's family holds QUARTERLY and the other rows VALUE reads), which take the core's modules from the engine. The engine is built without the catalogue's prose (its summaries, output rules and argument help are in functions.json and the docs, not read at run time), and taskpane.js and builder.js, loaded by the same runtime page, take the core from it instead of bundling a copy (dist/excel/meta.json lists each script's modules; test/excel/bundle.test.ts checks that none is in two).",
      `4. **Cold start to registration**: beside an anchor, an add-in of the provider's kind (its real bundle is not available offline): one custom function per catalogue function, ${cold.functions} in all, each a plain fetch of its path with the arguments as query parameters and JSON.parse, no checks nor cache, minified by the same esbuild options (scripts/bench/provider-bundle.ts, ${kb(cold.bytes.anchor)}). Chromium (Debian's, headless): each run a new browser context (no HTTP cache, no compiled code kept) opens the page from a server on 127.0.0.1, office.js being the tests' stand-in, which notes when \`CustomFunctions.associate\` was last called; from the page's first script to the last function registered: MDQ's runtime page (dist/excel/taskpane.html, which holds functions.js, ${kb(cold.bytes.mdq)}, as an inline script that loads engine.js, and the deferred taskpane.js), functions.js alone on a page like the anchor's, and the anchor's page; and from the first script to the page's load event, which waits for the engine functions.js started. Node: each run a new process reads the script and runs it in a fresh context with Excel's stand-ins until its last function is registered (functions.js; the anchor), and functions.js then engine.js until the engine is ready. ${cold.runs} runs of each, alternating; the medians.`,
      "5. **Sandbox**: 50 concurrent keep-alive clients over a mix of endpoints on loopback.",
      "6. **Peak memory**: one call through the built Excel bundle in a Node process of its own; the process's peak resident set size (`process.resourceUsage().maxRSS`) after the call, and before it once the bundle is loaded (idle). The largest answer read is statement-like records just under the default answer limit, decoded and laid out as a table, whose result passes the 5 MB Excel takes from one function and is refused before it is handed over; an answer of 11 MB of the same records makes a result within 5 MB, returned; the answers refused as they arrive come from the fault server (a 200 MB body without a length, a gzip bomb), where the runtime stops reading at the limit.",
      "7. **429 storm**: 50 INDEX cells with distinct windows, all at once through the built Excel bundle, against a service that answers every request 429 with `Retry-After: 1`, with the default 30 s deadline; requests counted at the bundle's fetch. The runtime pauses the service for every cell when one is told to wait, and sends one probe when the pause ends; before this, every cell backed off on its own (3 tries each).",
      `8. **First recalculation**: the workbook of figure 1 (${first.formulas} formulas over ${first.distinct} distinct requests) against the sandbox answering every request 100 ms after it arrives, however many are open (in a worker thread, so its work does not share the measured thread). MDQ: the built \`dist/excel/functions.js\` freshly loaded (nothing cached) with its default settings (identical requests in flight shared, at most ${first.concurrency} requests at once), every formula at once as Excel recalculates; requests counted at its fetch, time from the first call until every cell settled. Provider-style add-in: what an add-in without cache, sharing or cap of its own does, one plain \`fetch\` per cell of the same URL MDQ asks for, with the key, its JSON parsed and turned into rows, all at once, at most 6 at a time per host, as the browser it runs in allows over HTTP/1.1 (\`scripts/bench/provider-style.ts\`; Node's own fetch would open as many connections as asked). ${first.runs} runs of each, alternating; the median by time.`,
      `9. **Slow service**: ${slow.formulas} distinct QUARTERLY formulas (three tickers, 1 to 100 quarters) at once through the built bundle with its default settings, against the sandbox answering every request after 1 s; the cells that end in an error. A request's 30 s deadline counts from its sending; its wait for a turn behind MDQ's other requests is bounded apart (5 minutes a call).`,
      `10. **Sheets tracker**: ${tracker.formulas} cells of the latest quarter (${tracker.companies} companies the sandbox knows, ${tracker.columns} QUARTERLY fields each), through the built \`dist/sheets/Code.js\` as Google Sheets runs custom functions: each formula an execution with a fresh global scope (a new vm context), ${tracker.atOnce} at once (Google's limit per user), the next starting as one ends, on one virtual clock (a request takes 100 ms; \`scripts/harness/executions.ts\`, as figure 13), CacheService, Script Properties and the script lock shared: an execution about to fetch what another is fetching waits for its answer. Today's pattern: one formula per cell, \`=MDQ_QUARTERLY(A2, 1, , , "fields=revenue; headers=false")\`. Range pattern: one formula per column over the range of companies, and one formula with every column (\`fields=revenue,earnings,...\`). First recalculation with an empty cache, then Refresh all (a new \`refresh=\` value in every formula). Counted in the Apps Script stand-ins: UrlFetchApp.fetch and fetchAll calls and the requests they carry (each counts against Google's daily URL fetch quota), the credits billed for their answers, and the items in CacheService at the end; beside them, a provider-style add-in's request per cell (figure 1's).`,
      `11. **Gateway**: one \`mdq gateway\` instance (embedded mode) in a worker thread of its own, the sandbox behind it. A miss: each of the workbook's ${economy.distinct} distinct requests once through the gateway and once straight to the sandbox (warmed first), one at a time; the difference. Cache hits: the same requests one at a time (the whole round trip, which is all a hit adds), then ${hits.requests.toLocaleString("en-US")} requests from ${hits.clients} keep-alive clients at once; the clients run on the main thread, so the two share the machine's cores. **A cache hit beside nginx**: nginx \`proxy_cache\` (Debian's nginx-light, one worker, a \`map\` of the raw token to a name, the access log buffered 64 KB and flushed every second), a bare node:http server answering a fixed Buffer (the floor of any handler on node:http), the gateway embedded and the gateway with Redis and limits (counted, none reached), each in a process of its own in front of one scripted upstream answering ${hitCost.answerBytes.toLocaleString("en-US")} bytes; each warmed with every answer once, then ${hitCost.seconds} s of \`wrk -t1 -c32\` cycling over ${[...new Set(hitCost.runs.map((r) => r.distinct))].map((n) => n.toLocaleString("en-US")).join(" and then ")} distinct answers. CPU per hit: the server's user + system time from /proc/PID/stat before and after (nginx: master and worker; with Redis: the gateway and redis-server) over the requests wrk completed; RSS from /proc/PID/status after the run. Requests that reached the upstream during a run are misses that should have been hits.`,
      `12. **A team**: ${team.analysts} analysts, each the workbook of figure 1 in a freshly loaded \`dist/excel/functions.js\` (its own cache, empty), all at once, half through each of two gateway instances sharing one \`redis-server\`, each analyst with a token of their own; upstream requests counted at the sandbox. Then the same again (the gateways' cache is warm, the analysts' is not), then the same analysts straight to the sandbox with the provider key. Credits are counted at the sandbox, each answer at its path's price, and by the gateways themselves (\`mdq_gateway_credits_total\` per token in \`/metrics\`, added up); provider-style add-ins: ${team.analysts} times figure 1's provider-style pass.`,
      `13. **Financial model**: ${model.cells} cells, ${model.companies} companies (IDX banks and others) x 50 quarterly fields, each field's column asking another period (-1, 2024Q4, FY2024, -2, a date, LAST, 2023Q1), against the sandbox on its demo day (its latest quarter 2025Q1, so the cells name ${sheetsModel.quartersNamed} quarters of each company: ${named} credits). VALUE asks for exactly the latest quarters a period needs, counted from the last quarter ended (the provider bills 1 credit a quarter returned), and a company's cells share the widest. Excel: the built \`dist/excel/functions.js\` freshly loaded, its clock on the sandbox's demo day, against the sandbox answering after 100 ms; the cells of one company wait 10 ms for each other and send one request of their widest reach; the same model written as \`INDEX(MDQ.QUARTERLY(key, 24), row, column)\` gets a whole 24-quarter statement per cell (identical requests shared) that Excel's INDEX reads one number of, and a provider-style add-in fetches that statement for every cell. Requests and credits as the add-in's runtime counts them; ${model.runs} runs of each, alternating; the median by time. Sheets: the built \`dist/sheets/Code.js\`, every cell an execution with a fresh global scope, ${sheetsModel.atOnce} at once, on one virtual clock, laid out on a sheet as \`=MDQ_VALUE($A3, B$1, B$2, $A$1)\` (companies down, fields across, each field's period in row 2), in two orders Sheets might start them in, under ${sheetsModel.runs.length / 2} settings of Google's latencies (\`scripts/harness/executions.ts\` charges each call to CacheService, the properties, the lock and a read of the sheet its cost on the shared clock; a read sees the store as the call is made, a write takes effect when its call ends); the cells that find no reach kept for their company read the sheet's formulas and keep every company's reach, and an execution waits for another's fetch of the same request (a claim under the script lock, a landed mark once its answer is stored) rather than fetch it again; URL fetches and the credits of their answers counted at the UrlFetchApp stand-in, and each cell compared with Excel's (its number, or that it is an error). The first recalculation has an empty cache; Refresh all (first setting only) sets a new \`refresh=\` in every cell. A VALUE cell of a field the company does not report is #N/A by design and not counted as failed.`,
      `14. **Price history**: ${history.tickers} DAILY formulas of five years each (${history.start} to ${history.end}), all at once through the built \`dist/excel/functions.js\` freshly loaded (its clock on the sandbox's demo day, the live edition), against the live sandbox answering after 100 ms and keeping, as the service does, only the last 90 days of a longer window. MDQ splits each window into the service's 90-day windows (aligned on fixed days, so that overlapping series share them), fetches them side by side within its cap of requests at once, and merges them in date order; windows of closed days are kept 30 days. Cold: nothing cached; warm: the same formulas again in the same session. Requests and credits as the runtime counts them; rows returned; time until every cell settled; the heap the session holds after the pass. The provider-style add-in sends one request per formula of the five-year window and shows what comes back.`,
      scaleBench.WORKBOOK_SCALE_HOW,
      allValuesBench.ALL_VALUES_HOW,
      "",
      ...missedGoals(),
      "## Client overhead per function",
      "",
      "| answer | size | JSON.parse ms | validate + flatten ms | ratio |",
      "|---|---|---|---|---|",
      ...perFunction,
      "",
    ].join("\n"),
  );
  console.log("wrote docs/performance.md");
}
