// How long the gateway keeps an answer fresh, from the catalogue: a path's lifetime is the shortest
// of the rows whose endpoint path template it fits, so an answer is never fresh longer than any
// function that asks for it would keep it. Paths no row names by template (GET's free paths, the
// routes LIST and SCREENER pick from their arguments) get the shortest lifetime in the catalogue.
// The rules that need only the clock apply here as in every host (rows/freshness.ts): a price row's
// answer fetched after its exchange's close is fresh until the next open. The report-date rule
// does not: it needs the company and quarter an answer holds and the feed, which the front ends
// read (docs/gateway.md); the gateway keeps a statement for its fixed ttl.
import { CATALOGUE, FEED_CHECK_SECONDS, freshUntilOf, type Lifetime } from "../../shared";

interface Template {
  parts: string[];
  life: Lifetime;
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
      out.push({ parts, life: { ttl: fn.ttl, until: fn.until } });
    }
    // The report-date feed is the front ends' hourly check: kept here no longer than that, or every
    // check through the gateway would be an answer hours old, which a front end cannot use.
    if (fn.until?.kind === "report")
      for (const feed of Object.values(fn.until.feed)) if (feed) out.push({ parts: split(feed), life: { ttl: FEED_CHECK_SECONDS } });
  }
  return out;
}

const fits = (t: Template, segments: string[]) =>
  t.parts.length === segments.length && t.parts.every((p, i) => isPlaceholder(p) || p === segments[i]);

/** Seconds an answer that leaves the service at `now` stays fresh by this lifetime, without the
 *  report-date feed. */
const secondsOf = (life: Lifetime, now: number) =>
  Math.ceil((freshUntilOf(life.until?.kind === "session" ? life : { ttl: life.ttl }, now) - now) / 1000);

export class Lifetimes {
  private readonly templates = templates();
  /** The shortest fixed lifetime of the catalogue, for paths no row names. */
  readonly shortest = Math.min(...CATALOGUE.map((f) => f.ttl));
  private readonly memo = new Map<string, Lifetime[]>();

  /** Seconds an answer for `path` (decoded segments) fetched at `now` (ms) stays fresh. */
  of(segments: string[], now: number): number {
    const key = segments.join("\u0000");
    let lives = this.memo.get(key);
    if (!lives) {
      lives = this.templates.filter((t) => fits(t, segments)).map((t) => t.life);
      if (this.memo.size < 10_000) this.memo.set(key, lives);
    }
    return lives.length ? Math.min(...lives.map((l) => secondsOf(l, now))) : this.shortest;
  }
}
