// `auto`, answered by the server itself. At the provider's host the edition is live without asking.
// Anywhere else (the sandbox, a team gateway, a proxy) MDQ asks once per base URL and keeps the
// answer a day beside the cached answers. The question is a request every edition has an answer
// to: the spec edition's list of sub-sectors. A live service answers it 410 (its whole /v1/ family
// is retired); a spec service answers the list; a gateway passes on what the service behind it
// answers. So the edition is what stands behind the base URL, not a guess from its name; and the
// spec edition's /v2/ mining paths, which a live service also has in another shape, never decide.
import { parseBaseUrl } from "../base/base-url";
import { type Edition, type EditionSetting, LIVE_API_HOST } from "../base/editions";
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

/** What a kept text says: an edition, or nothing known. */
export const keptEdition = (text: string | undefined): Edition | undefined => (text === "spec" || text === "live" ? text : undefined);

/** Failures that say nothing of the server's edition: it could not be reached or was in trouble,
 *  or it refused the key (the call then fails with that itself, and asks again once it is fixed). */
const SAYS_NOTHING = new Set(["network", "timeout", "server", "rate_limited", "host_limit", "auth"]);

/** The edition an answer to the question shows: a retired /v1/ family is a live service's; the
 *  list, or any other refusal of the path (a proxy or an older service without it), a spec
 *  service's, as MDQ assumed before it asked. A failure that says nothing is not kept: the call
 *  goes on in the spec edition, meets the failure itself if it is the call's, and the next call
 *  asks again. */
export function editionOfProbe(failure: MdqError | undefined): { edition: Edition; known: boolean } {
  if (failure?.kind === "gone") return { edition: "live", known: true };
  return { edition: "spec", known: !failure || !SAYS_NOTHING.has(failure.kind) };
}

/** A spec request answered 410: the server has moved to the live edition since it was asked. */
export const editionAfter = (failure: MdqError, spoke: Edition): Edition | undefined =>
  spoke === "spec" && failure.kind === "gone" ? "live" : undefined;
