// One route table: each pattern segment is a literal or ":name". Matching is exact per segment,
// so ".." or encoded slashes can never reach another route.
import type { Endpoint } from "./endpoint";

export interface Match {
  endpoint: Endpoint;
  params: Record<string, string>;
}

export class Router {
  private readonly routes: { parts: string[]; endpoint: Endpoint }[] = [];

  constructor(endpoints: Endpoint[]) {
    for (const endpoint of endpoints) this.routes.push({ parts: split(endpoint.path), endpoint });
  }

  /** `segments` are already decoded. Literal routes win over parameter routes. */
  match(segments: string[]): Match | undefined {
    let best: { match: Match; literals: number } | undefined;
    for (const { parts, endpoint } of this.routes) {
      if (parts.length !== segments.length) continue;
      const params: Record<string, string> = {};
      let literals = 0;
      let ok = true;
      for (let i = 0; i < parts.length && ok; i++) {
        if (parts[i].startsWith(":")) params[parts[i].slice(1)] = segments[i];
        else if (parts[i] === segments[i]) literals++;
        else ok = false;
      }
      if (ok && (!best || literals > best.literals)) best = { match: { endpoint, params }, literals };
    }
    return best?.match;
  }
}

export function split(path: string): string[] {
  return path.split("/").filter((s) => s !== "");
}
