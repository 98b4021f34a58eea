// What an add-in without cache, sharing or cap of its own does (the provider's own is such an
// add-in): one plain fetch per cell, of the very URL MDQ would ask for, with the key, its JSON
// parsed and turned into rows, all at once; and what the provider bills for it, each answer at its
// path's price (shared/rows/credits.ts), beside MDQ's own count. It runs in a browser (Excel's
// webview), which opens at most 6 connections to one host over HTTP/1.1 and queues the rest: so
// does this anchor (Node's fetch would open one per request).
import { type CellValue, creditsOf, functionNamed, prepare } from "../../shared";

export interface ProviderPass {
  requests: number;
  /** Rows the answers held, as such an add-in shows them. */
  rows: number;
  credits: number;
  ms: number;
  /** This process's CPU time (user + system) over the same span as `ms`. */
  cpuMs: number;
  failed: number;
}

/** Rows of a JSON answer, as a simple add-in shows it: a list's records, or a record's fields. */
export function rowsOf(json: unknown): unknown[][] {
  if (Array.isArray(json)) return json.map((r) => (r !== null && typeof r === "object" ? Object.values(r) : [r]));
  return json !== null && typeof json === "object" ? Object.entries(json) : [[json]];
}

/** Connections a browser (Chromium, Edge's WebView2) opens to one host over HTTP/1.1. */
export const CONNECTIONS_PER_HOST = 6;

/** Runs `task`s at most `limit` at a time per host, the others waiting in order, as a browser does. */
export function perHost(limit = CONNECTIONS_PER_HOST) {
  const hosts = new Map<string, { active: number; waiting: Array<() => void> }>();
  return async <T>(url: string, task: () => Promise<T>): Promise<T> => {
    const host = new URL(url).host;
    const slot = hosts.get(host) ?? { active: 0, waiting: [] };
    hosts.set(host, slot);
    if (slot.active >= limit) await new Promise<void>((turn) => slot.waiting.push(turn));
    else slot.active++;
    try {
      return await task();
    } finally {
      // The freed connection goes straight to the next request waiting, if any.
      const next = slot.waiting.shift();
      if (next) next();
      else slot.active--;
    }
  };
}

/** Every cell's request at once (6 connections at a time); the credits reckoned after the clock stops. */
export async function providerPass(
  url: string,
  cells: Array<[string, unknown[]]>,
  apiKey: string,
  edition?: "spec" | "live",
): Promise<ProviderPass> {
  const requests = cells.map(([name, args]) => prepare(functionNamed(name), args as CellValue[], { baseUrl: url, apiKey, edition }));
  let rows = 0;
  const connection = perHost();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const results = await Promise.allSettled(
    requests.map(({ request }) =>
      connection(request.url, async () => {
        const response = await fetch(request.url, { headers: request.headers });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const json = await response.json();
        rows += rowsOf(json).length;
        return json;
      }),
    ),
  );
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  let credits = 0;
  results.forEach((r, i) => {
    if (r.status === "fulfilled") credits += creditsOf(requests[i].target.path, requests[i].target.query, () => r.value);
  });
  return {
    requests: requests.length,
    rows,
    credits,
    ms,
    cpuMs: (used.user + used.system) / 1000,
    failed: results.filter((r) => r.status === "rejected").length,
  };
}
