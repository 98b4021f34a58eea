// The query parameters the gateway forwards to a path: those some MDQ function sends there (the
// catalogue's rows, both editions) and, for /v2/ paths, those the provider's description declares
// for the path (MDQ's GET function may send any of them). Any other is refused before it can
// reach the upstream: a junk parameter would be a miss billed to the team's key every time.
import { CATALOGUE, type Values } from "../../shared";
import description from "../sandbox/described/live-api.generated.json";

interface Template {
  parts: string[];
  names: Set<string>;
  /** From the provider's description: what the path takes, whatever MDQ sends elsewhere. */
  described?: boolean;
}

const split = (path: string) => path.split("/").filter((s) => s !== "");
const isPlaceholder = (part: string) => /^\{\w+\}$/.test(part);
const fits = (parts: string[], segments: string[]) =>
  parts.length === segments.length && parts.every((p, i) => isPlaceholder(p) || p === segments[i]);

/** What a load program adds to its row's request: pages (limit, offset) and windows (start, end). */
const LOADER_NAMES = ["limit", "offset", "start", "end"];

/** Any argument asked for is there: what an endpoint's `query` or `route` may send, named. */
const PROBE: Values = new Proxy({} as Values, { get: (_, name) => (typeof name === "string" ? "1" : undefined) });

const keysOf = (make: (() => Values | undefined) | undefined): string[] => {
  try {
    return Object.keys(make?.() ?? {});
  } catch {
    return [];
  }
};

/** The first segment of an edition's paths. */
const PREFIX: Record<string, string> = { spec: "v1", live: "v2" };

/** Each catalogue endpoint's path template and the names it sends. A routed endpoint's names also
 *  go to `routed` (by the first segment of its edition's paths): its path depends on its arguments,
 *  so they are taken on any path of its edition. */
function catalogueTemplates(routed: Map<string, Set<string>>): Template[] {
  const out: Template[] = [];
  for (const fn of CATALOGUE) {
    for (const [edition, endpoint] of Object.entries(fn.editions)) {
      if (!endpoint) continue;
      const names = new Set<string>();
      for (const a of [...fn.args, ...fn.options]) {
        const name = endpoint.params?.[a.name];
        if ((a.at ?? "query") === "query" && name !== null) names.add(name ?? a.name);
      }
      for (const key of keysOf(() => endpoint.query?.(PROBE))) names.add(key);
      if (endpoint.load) for (const key of LOADER_NAMES) names.add(key);
      if (endpoint.route) {
        const prefix = PREFIX[edition] ?? edition;
        routed.set(prefix, new Set([...(routed.get(prefix) ?? []), ...names]));
      }
      // A template of placeholders only after the edition's segment (LIST's /v1/{kind}/, GET's
      // /{path}) would fit paths it says nothing about.
      const parts = split(endpoint.path);
      if (!parts.slice(1).every(isPlaceholder)) out.push({ parts, names });
    }
  }
  return out;
}

interface Described {
  parameters?: { in: string; name: string }[];
}

function describedTemplates(): Template[] {
  const paths = description.paths as unknown as Record<string, { get?: Described }>;
  return Object.entries(paths).map(([path, item]) => ({
    parts: split(path),
    names: new Set((item.get?.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name)),
    described: true,
  }));
}

export class Parameters {
  private readonly templates: Template[];
  private readonly routed = new Map<string, Set<string>>();
  /** For a path no template fits (GET's free paths, the paths LIST chooses): every name MDQ sends
   *  in the edition, the described ones included. */
  private readonly anywhere = new Map<string, Set<string>>();
  private readonly memo = new Map<string, Set<string>>();

  constructor() {
    this.templates = [...catalogueTemplates(this.routed), ...describedTemplates()];
    for (const t of this.templates) {
      const edition = t.parts[0];
      const all = this.anywhere.get(edition) ?? new Set<string>(this.routed.get(edition));
      for (const name of t.names) all.add(name);
      this.anywhere.set(edition, all);
    }
  }

  /** The names forwarded to a path (its decoded segments, "v1" or "v2" first). */
  allowed(segments: string[]): Set<string> {
    const key = segments.join("\u0000");
    const known = this.memo.get(key);
    if (known) return known;
    const fitting = this.templates.filter((t) => fits(t.parts, segments));
    // A described path takes what its description lists (MDQ sends nothing else there: the
    // described-requests test checks it); elsewhere a routed row may send its names on any path.
    const routed = fitting.some((t) => t.described) ? [] : (this.routed.get(segments[0]) ?? []);
    const names = fitting.length
      ? new Set([...fitting.flatMap((t) => [...t.names]), ...routed])
      : (this.anywhere.get(segments[0]) ?? new Set<string>());
    if (this.memo.size < 10_000) this.memo.set(key, names);
    return names;
  }

  /** Why a request's parameters are refused, or undefined when all are forwarded. */
  refusal(segments: string[], path: string, names: Iterable<string>): string | undefined {
    const allowed = this.allowed(segments);
    const unknown = [...names].filter((n) => !allowed.has(n));
    if (!unknown.length) return undefined;
    const shown = [...allowed].sort();
    const list = shown.length > 30 ? `${shown.slice(0, 30).join(", ")}, ...` : shown.join(", ") || "none";
    const where = path.length > 100 ? `${path.slice(0, 100)}...` : path;
    return `the team's gateway does not forward the query parameter${unknown.length > 1 ? "s" : ""} ${unknown
      .slice(0, 5)
      .map((n) => `'${n.slice(0, 40)}'`)
      .join(
        ", ",
      )} to ${where}: no MDQ function sends ${unknown.length > 1 ? "them" : "it"} there${segments[0] === "v2" ? " and the service's description does not list it" : ""}. Remove it; the parameters this path takes: ${list}`;
  }
}
