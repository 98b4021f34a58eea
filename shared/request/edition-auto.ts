// `auto`, answered by the server itself. At the provider's host the edition is live without asking.
// Anywhere else (the sandbox, a team gateway, a proxy) MDQ asks once per base URL and keeps the
// answer a day beside the cached answers. The question is a request every edition has an answer
// to: the spec edition's list of sub-sectors. A live service answers it 410 (its whole /v1/ family
// is retired); a spec service answers the list; a gateway passes on what the service behind it
// answers. So the edition is what stands behind the base URL, not a guess from its name; and the
// spec edition's /v2/ mining paths, which a live service also has in another shape, never decide.
// A call set to spec asks the same question, after a failure the live edition could cause
// (mayBeEditionMismatch), and keeps the answer under the same key.
import { parseBaseUrl } from "../base/base-url";
import { type Edition, type EditionSetting, LIVE_API_HOST, specPathOf } from "../base/editions";
import type { MdqError } from "../base/errors";
import type { HttpRequest } from "../base/http";
import { type Target, urlOf } from "./url";

/** The question: a spec edition's list, free of arguments, retired by a live service. */
export const EDITION_PROBE: Target = { path: "/v1/subsectors/", query: {} };

/** How long a server's edition is taken as known (a service changes edition rarely, and a 410
 *  met on the way says so at once: see `editionAfter`). */
export const KEPT_EDITION_SECONDS = 86_400;

/** Whether a call under this setting asks the server which edition it speaks. */
export const findsEdition = (setting: EditionSetting | undefined, base: string): boolean =>
  (setting === undefined || setting === "auto") && parseBaseUrl(base)?.hostname !== LIVE_API_HOST;

/** The cache key of a server's edition: the base URL alone (never the key, which says nothing
 *  about the edition), in a form no answer's hashed key takes. */
export const editionKey = (base: string): string => `edition of ${base}`;

/** The question as a request under the base URL, with the call's key (the service asks for one). */
export const editionProbe = (base: string, apiKey: string): HttpRequest => ({
  url: urlOf(base, EDITION_PROBE),
  headers: { Authorization: apiKey, Accept: "application/json" },
});

/** What is known of a server: the edition its base URL speaks and, for a live one, where it says
 *  it serves the spec edition (a path under the base URL; base/editions.ts `specPathOf`). */
export interface ServerEdition {
  edition: Edition;
  specPath?: string;
}

/** A server's edition as kept: "spec", "live", or "live /spec" where it names its spec address. */
export const editionText = ({ edition, specPath }: ServerEdition): string => (specPath ? `${edition} ${specPath}` : edition);

/** What a kept text says: an edition (and a spec address), or nothing known. */
export function keptServer(text: string | undefined): ServerEdition | undefined {
  const [edition, specPath, ...rest] = (text ?? "").split(" ");
  if (rest.length > 0 || (edition !== "spec" && edition !== "live")) return undefined;
  if (specPath === undefined) return { edition };
  const path = specPathOf(specPath);
  return path && edition === "live" ? { edition, specPath: path } : undefined;
}

/** Failures that say nothing of the server's edition: it could not be reached or was in trouble,
 *  or it refused the key (the call then fails with that itself, and asks again once it is fixed). */
const SAYS_NOTHING = new Set(["network", "timeout", "server", "rate_limited", "host_limit", "auth"]);

/** The edition an answer to the question shows: a retired /v1/ family is a live service's; the
 *  list, or any other refusal of the path (a proxy or an older service without it), a spec
 *  service's, as MDQ assumed before it asked. A failure that says nothing is not kept: the call
 *  goes on in the spec edition, meets the failure itself if it is the call's, and the next call
 *  asks again. */
export function editionOfProbe(failure: MdqError | undefined): ServerEdition & { known: boolean } {
  if (failure?.kind === "gone")
    return failure.specPath ? { edition: "live", specPath: failure.specPath, known: true } : { edition: "live", known: true };
  return { edition: "spec", known: !failure || !SAYS_NOTHING.has(failure.kind) };
}

/** A spec request answered 410: the server has moved to the live edition since it was asked. */
export const editionAfter = (failure: MdqError, spoke: Edition): Edition | undefined =>
  spoke === "spec" && failure.kind === "gone" ? "live" : undefined;

/** Failures of a call set to spec that a server speaking live at the base URL could cause: a
 *  retired path (410), an answer of the live edition's shape, or a 404 or 400 to one of the spec
 *  edition's /v2/ paths (its mining layout, which a live server has in another shape or not at
 *  all). A 404 or 400 to a /v1/ path is the spec server's own: a live one answers them all 410.
 *  After one of these MDQ asks the server its edition before it shows the failure
 *  (run/call.ts, callInSpec): a company "not found" by the wrong edition's path would mislead.
 *  `refusedAtV2`: whether a /v2/ path of the call was answered 404 or 400. */
export const mayBeEditionMismatch = (failure: MdqError, refusedAtV2: boolean): boolean =>
  failure.kind === "gone" || failure.speaks === "live" || (refusedAtV2 && (failure.kind === "not_found" || failure.kind === "bad_request"));

/** A request's answer that may be a live server's refusal of a spec path it has otherwise. */
export const refusedAtV2 = (path: string, status: number): boolean => /^\/v2\//.test(path) && (status === 404 || status === 400);

/** The spec edition's address a live server names: the path appended to its base URL. */
export const specAddress = (base: string, specPath: string): string => base + specPath;
