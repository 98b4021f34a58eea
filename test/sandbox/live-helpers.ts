// Checks shared by the live-edition tests: the {results, pagination} envelope and walking a list
// by following next_offset (bounded, so a pagination bug fails instead of looping).
import type { Reply } from "./helpers";

export const PAGINATION_KEYS = ["total_count", "showing", "limit", "offset", "has_next", "has_previous", "next_offset", "previous_offset"];

/** The envelope's shape and its internal consistency. */
export function expectEnvelope(body: any): void {
  // A screen's answer also carries `llm_translation` (the description requires it there).
  expect(
    Object.keys(body)
      .filter((k) => k !== "llm_translation")
      .sort(),
  ).toEqual(["pagination", "results"]);
  expect(Array.isArray(body.results)).toBe(true);
  const p = body.pagination;
  expect(Object.keys(p)).toEqual(PAGINATION_KEYS);
  expect(p.showing).toBe(body.results.length);
  expect(p.showing).toBeLessThanOrEqual(p.limit);
  expect(p.has_next).toBe(p.offset + p.limit < p.total_count);
  expect(p.next_offset).toBe(p.has_next ? p.offset + p.limit : null);
  expect(p.has_previous).toBe(p.offset > 0);
  expect(p.previous_offset).toBe(p.has_previous ? Math.max(0, p.offset - p.limit) : null);
}

/** Every item of a list, page by page through next_offset; at most `maxPages` requests. */
export async function walk(get: (path: string) => Promise<Reply>, path: string, limit: number, maxPages = 200): Promise<any[]> {
  const items: any[] = [];
  const sep = path.includes("?") ? "&" : "?";
  let offset: number | null = 0;
  let total: number | undefined;
  for (let pages = 0; offset !== null; pages++) {
    if (pages >= maxPages) throw new Error(`more than ${maxPages} pages at ${path}`);
    const r = await get(`${path}${sep}limit=${limit}&offset=${offset}`);
    expect(r.status).toBe(200);
    expectEnvelope(r.body);
    total ??= r.body.pagination.total_count;
    expect(r.body.pagination.total_count).toBe(total);
    items.push(...r.body.results);
    offset = r.body.pagination.next_offset;
  }
  expect(items).toHaveLength(total!);
  return items;
}

/** Field names and JSON types of an object, for comparing an answer with the provider's shape. */
export function typesOf(value: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v === null ? "null" : Array.isArray(v) ? "array" : typeof v]));
}
