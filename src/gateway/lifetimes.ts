// How long the gateway keeps an answer fresh, from the catalogue: a path's lifetime is the shortest
// of the rows whose endpoint path template it fits, so an answer is never fresh longer than any
// function that asks for it would keep it. Paths no row names by template (GET's free paths, the
// routes LIST and SCREENER pick from their arguments) get the shortest lifetime in the catalogue.
import { CATALOGUE } from "../../shared";

interface Template {
  parts: string[];
  ttl: number;
}

const split = (path: string) => path.split("/").filter((s) => s !== "");
const isPlaceholder = (part: string) => /^\{\w+\}$/.test(part);

/** Every endpoint template of every edition, but those whose path an argument picks. */
function templates(): Template[] {
  const out: Template[] = [];
  for (const fn of CATALOGUE) {
    for (const endpoint of Object.values(fn.editions)) {
      if (!endpoint || endpoint.route) continue;
      const parts = split(endpoint.path);
      // A path that is only placeholders (GET's "/{path}") fits anything: it says nothing.
      if (parts.every(isPlaceholder)) continue;
      out.push({ parts, ttl: fn.ttl });
    }
  }
  return out;
}

const fits = (t: Template, segments: string[]) =>
  t.parts.length === segments.length && t.parts.every((p, i) => isPlaceholder(p) || p === segments[i]);

export class Lifetimes {
  private readonly templates = templates();
  /** The shortest lifetime of the catalogue, for paths no row names. */
  readonly shortest = Math.min(...CATALOGUE.map((f) => f.ttl));
  private readonly memo = new Map<string, number>();

  /** Seconds an answer for `path` (decoded segments) stays fresh. */
  of(segments: string[]): number {
    const key = segments.join("\u0000");
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const matching = this.templates.filter((t) => fits(t, segments)).map((t) => t.ttl);
    const ttl = matching.length ? Math.min(...matching) : this.shortest;
    if (this.memo.size < 10_000) this.memo.set(key, ttl);
    return ttl;
  }
}
