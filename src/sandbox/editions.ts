// The two API editions the sandbox can speak. "spec" is the interface of the spec (/v1/ paths and
// the January-2026 /v2/mining/ layout); "live" is the provider's current service, where /v1/ is
// retired (410), lists come in a {results, pagination} envelope and miners are addressed by slug.
import { SANDBOX_SPEC_PATH, SPEC_PATH_FIELD } from "../../shared";
import type { Endpoint } from "./endpoint";
import { ApiError } from "./errors";
import { Router } from "./router";
import { ENDPOINTS } from "./routes";
import { LIVE_ENDPOINTS } from "./routes-live";

export const EDITIONS = ["spec", "live"] as const;
export type Edition = (typeof EDITIONS)[number];

export const isEdition = (value: string): value is Edition => (EDITIONS as readonly string[]).includes(value);

/** What one sandbox serves: one edition at its root, or both: the live edition at the root (what
 *  a user of the provider's service gets) and the spec edition under SPEC_BASE_PATH. */
export type Served = Edition | "both";

export const SERVED: readonly Served[] = [...EDITIONS, "both"];

export const isServed = (value: string): value is Served => (SERVED as readonly string[]).includes(value);

/** Where a sandbox serving both editions serves the spec edition: its base URL's path (the core
 *  names it in its advice). */
export const SPEC_BASE_PATH = SANDBOX_SPEC_PATH;

/** The edition a request path reaches, and its path within that edition. */
export function editionAt(served: Served, path: string): { edition: Edition; path: string } {
  if (served !== "both") return { edition: served, path };
  if (path.startsWith(`${SPEC_BASE_PATH}/`)) return { edition: "spec", path: path.slice(SPEC_BASE_PATH.length) };
  return { edition: "live", path };
}

interface EditionTable {
  router: Router;
  /** An answer for whole path families the edition no longer serves, checked after auth. */
  retired(path: string): ApiError | undefined;
}

const V1 = /^\/v1(\/|$)/;
const V1_GONE = new ApiError(410, "The /v1/ API was retired in May 2026. Use the /v2/ endpoints.", "v1_discontinued");

function table(endpoints: Endpoint[], retired: EditionTable["retired"]): EditionTable {
  return { router: new Router(endpoints), retired };
}

export const TABLES: ReadonlyMap<Edition, EditionTable> = new Map([
  ["spec", table(ENDPOINTS, () => undefined)],
  ["live", table(LIVE_ENDPOINTS, (path) => (V1.test(path) ? V1_GONE : undefined))],
]);

/** The answer to a path its edition retired. A sandbox serving both editions says in it where the
 *  spec edition is (SPEC_PATH_FIELD, which MDQ follows when it is set to spec; the provider names
 *  none): a client of the spec edition at the root is one step from it, not at a dead end. */
export function retiredAnswer(
  served: Served,
  edition: Edition,
  path: string,
): { status: number; body: Record<string, string> } | undefined {
  const gone = TABLES.get(edition)!.retired(path);
  if (!gone) return undefined;
  if (served !== "both") return { status: gone.status, body: { ...gone.body } };
  const message = `${gone.message} This sandbox serves the spec edition, /v1/ paths included, under ${SPEC_BASE_PATH}.`;
  return { status: gone.status, body: { ...gone.body, message, [SPEC_PATH_FIELD]: SPEC_BASE_PATH } };
}
