// Sandbox throughput on loopback: N requests from C concurrent keep-alive clients over a mix of
// endpoints; prints requests/second and p50/p99 latency per endpoint and overall.
//   node scripts/bench-sandbox.mjs [--requests 5000] [--concurrency 50]
// benchSandbox() returns the same figures so a combined `npm run bench` can reuse it.
import http from "node:http";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadTs } from "./load-ts.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const KEY = "bench";

const MIX = [
  ["filings", "/v1/filings/?n=20"],
  ["news", "/v1/news/?tickers=BBCA.JK,TLKM.JK"],
  ["companies", "/v1/companies/?sub_sector=banks&sort_by=market_cap&desc=true"],
  ["quarterly", "/v1/financials/quarterly/BBRI/?n_quarters=4"],
  ["index-daily", "/v1/index-daily/lq45/?start=2024-01-01&end=2024-03-31"],
  ["klse-top", "/v1/klse/companies/top/"],
  ["klse-report", "/v1/klse/company/report/1155/"],
  ["mining-sites", "/v2/mining/sites/?sort_by=production"],
  ["licenses", "/v2/mining/licenses/?expiring_soon=true"],
  ["commodity", "/v2/mining/global-commodity/?commodity_type=Nickel"],
];

function get(agent, port, path) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get({ host: "127.0.0.1", port, path, agent, headers: { Authorization: KEY } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    });
    req.on("error", reject);
  });
}

const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);

function summarise(name, samples, seconds) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { name, requests: samples.length, rps: samples.length / seconds, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
}

/** Run the benchmark against a fresh sandbox; resolves to overall and per-endpoint figures. */
export async function benchSandbox({ concurrency = 50, requests = 5000 } = {}) {
  const { startSandbox } = await loadTs(`${ROOT}src/sandbox/server.ts`);
  const sandbox = await startSandbox({ port: 0, apiKey: KEY });
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    // Warm-up: build every lazily generated data set once so the run measures serving, not generation.
    for (const [, path] of MIX) await get(agent, sandbox.port, path);
    const samples = [];
    let next = 0;
    let errors = 0;
    const started = process.hrtime.bigint();
    const worker = async () => {
      while (next < requests) {
        const [name, path] = MIX[next++ % MIX.length];
        const r = await get(agent, sandbox.port, path);
        if (r.status !== 200) errors++;
        samples.push({ name, ms: r.ms });
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const endpoints = MIX.map(([name]) =>
      summarise(
        name,
        samples.filter((s) => s.name === name),
        seconds,
      ),
    );
    return { concurrency, errors, seconds, ...summarise("all", samples, seconds), endpoints };
  } finally {
    agent.destroy();
    await sandbox.close();
  }
}

function printTable(result) {
  const rows = [...result.endpoints, { ...result, name: "all" }];
  const fmt = (n, d = 1) => n.toFixed(d).padStart(9);
  console.log(
    `sandbox bench: ${result.requests} requests, ${result.concurrency} concurrent clients, ${result.errors} errors, ${result.seconds.toFixed(2)} s`,
  );
  console.log(`${"endpoint".padEnd(14)}${"requests".padStart(9)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}`);
  // Per-endpoint rates would only restate the mix; the rate is shown for the whole run.
  for (const r of rows) {
    const rate = r.name === "all" ? fmt(r.rps, 0) : "-".padStart(9);
    console.log(`${r.name.padEnd(14)}${String(r.requests).padStart(9)}${rate}${fmt(r.p50, 2)}${fmt(r.p99, 2)}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const result = await benchSandbox({ concurrency: arg("concurrency", 50), requests: arg("requests", 5000) });
  printTable(result);
  if (result.errors) process.exitCode = 1;
}
