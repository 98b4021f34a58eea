// What an add-in without cache, sharing or cap does (the provider's own is such an add-in): one
// plain fetch per cell, of the very URL MDQ would ask for, with the key, its JSON parsed and turned
// into rows, all at once; and what the provider bills for it, each answer at its path's price
// (shared/rows/credits.ts), beside MDQ's own count.
import { type CellValue, creditsOf, functionNamed, prepare } from "../../shared";

export interface ProviderPass {
  requests: number;
  /** Rows the answers held, as such an add-in shows them. */
  rows: number;
  credits: number;
  ms: number;
  failed: number;
}

/** Rows of a JSON answer, as a simple add-in shows it: a list's records, or a record's fields. */
function rowsOf(json: unknown): unknown[][] {
  if (Array.isArray(json)) return json.map((r) => (r !== null && typeof r === "object" ? Object.values(r) : [r]));
  return json !== null && typeof json === "object" ? Object.entries(json) : [[json]];
}

/** Every cell's request at once; the credits reckoned after the clock stops. */
export async function providerPass(
  url: string,
  cells: Array<[string, unknown[]]>,
  apiKey: string,
  edition?: "spec" | "live",
): Promise<ProviderPass> {
  const requests = cells.map(([name, args]) => prepare(functionNamed(name), args as CellValue[], { baseUrl: url, apiKey, edition }));
  let rows = 0;
  const started = performance.now();
  const results = await Promise.allSettled(
    requests.map(async ({ request }) => {
      const response = await fetch(request.url, { headers: request.headers });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const json = await response.json();
      rows += rowsOf(json).length;
      return json;
    }),
  );
  const ms = performance.now() - started;
  let credits = 0;
  results.forEach((r, i) => {
    if (r.status === "fulfilled") credits += creditsOf(requests[i].target.path, requests[i].target.query, () => r.value);
  });
  return { requests: requests.length, rows, credits, ms, failed: results.filter((r) => r.status === "rejected").length };
}
