// The API request pipeline: preflight, method, auth, retired paths (the live edition's /v1/), route,
// parameters, body. Every outcome is a JSON answer; nothing a client sends can make it throw past it.

import type { IncomingMessage, ServerResponse } from "node:http";
import { SANDBOX } from "../../shared";
import { isIsoDate, todayUtc } from "./dates";
import { type Edition, editionAt, isServed, retiredAnswer, type Served, TABLES } from "./editions";
import { ApiError } from "./errors";
import { sendJson, sendNoContent } from "./http";
import { Query } from "./query";
import { split } from "./router";

export interface HandlerOptions {
  apiKey?: string;
  /** Fixed "today" (YYYY-MM-DD); default: the real current UTC date, read per request. */
  today?: string;
  log?: (line: string) => void;
  /** Which API the sandbox speaks: "spec" (default), "live", or "both", the live one at the root
   *  and the spec one under /spec (see editions.ts). */
  edition?: Served;
}

export type SandboxHandler = ((req: IncomingMessage, res: ServerResponse) => boolean) & {
  /** The edition this handler serves, so a host page or test can tell which API it is talking to. */
  readonly edition: Served;
};

const API_PREFIX = /^\/v[12](\/|$)/;

export function createSandboxHandler(options: HandlerOptions = {}): SandboxHandler {
  const apiKey = options.apiKey ?? SANDBOX.apiKey;
  const edition = options.edition ?? "spec";
  if (options.today !== undefined && !isIsoDate(options.today)) throw new Error(`today must be YYYY-MM-DD, got ${options.today}`);
  if (!isServed(edition)) throw new Error(`edition must be spec, live or both, got ${edition}`);
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    const cut = url.indexOf("?");
    const reached = editionAt(edition, cut < 0 ? url : url.slice(0, cut));
    if (!API_PREFIX.test(reached.path)) return false;
    const started = Date.now();
    const status = answer(req, res, {
      path: reached.path,
      search: cut < 0 ? "" : url.slice(cut + 1),
      apiKey,
      edition: reached.edition,
      served: edition,
      today: options.today ?? todayUtc(),
    });
    options.log?.(`${req.method} ${url} ${status} ${Date.now() - started}ms`);
    return true;
  };
  return Object.assign(handle, { edition });
}

interface Call {
  path: string;
  search: string;
  apiKey: string;
  edition: Edition;
  /** What the whole sandbox serves: a retired path's answer says where the other edition is. */
  served: Served;
  today: string;
}

function answer(req: IncomingMessage, res: ServerResponse, { path, search, apiKey, edition, served, today }: Call): number {
  if (req.method === "OPTIONS") {
    sendNoContent(res);
    return 204;
  }
  if (req.method !== "GET") {
    sendJson(res, 405, { error: `Method ${req.method} is not allowed. The service is read-only: use GET.` }, { Allow: "GET, OPTIONS" });
    return 405;
  }
  const auth = req.headers.authorization;
  if (!auth) return fail(res, 401, "Missing API key. Send it in the Authorization header.");
  if (auth.trim() !== apiKey)
    return fail(res, 401, "Invalid API key. Send the raw key in the Authorization header, without a 'Bearer' prefix.");
  const table = TABLES.get(edition)!;
  const gone = retiredAnswer(served, edition, path);
  if (gone) return fail(res, gone.status, gone.body);
  let segments: string[];
  try {
    segments = split(path).map(decodeURIComponent);
  } catch {
    return fail(res, 400, "Malformed percent-encoding in the request path.");
  }
  const match = table.router.match(segments);
  if (!match) return fail(res, 404, `Not found: no endpoint at ${path}.`);
  try {
    const body = match.endpoint.handle({ params: match.params, query: new Query(search), today });
    sendJson(res, 200, body);
    return 200;
  } catch (err) {
    if (err instanceof ApiError) return fail(res, err.status, err.body);
    return fail(res, 500, `Internal sandbox error: ${(err as Error)?.message ?? String(err)}`);
  }
}

function fail(res: ServerResponse, status: number, error: string | Record<string, string>): number {
  sendJson(res, status, typeof error === "string" ? { error } : error);
  return status;
}
