// The two editions of the service MDQ speaks. `spec` is the service as the spec describes it
// (/v1/ paths, the January-2026 mining layout); `live` is the provider's current API (/v2/ only,
// `{results, pagination}` envelopes, mining companies by slug), whose /v1/ paths answer 410.
// One set of functions: each catalogue row says how each edition gives it.
import { whereToSet } from "./advice";
import { parseBaseUrl, SANDBOX } from "./base-url";
import { MdqError, show } from "./errors";

export const EDITIONS = ["spec", "live"] as const;
export type Edition = (typeof EDITIONS)[number];
export type EditionSetting = Edition | "auto";

/** The provider's public API host: `auto` means live there; anywhere else the server is asked
 *  (request/edition-auto.ts). */
export const LIVE_API_HOST = "api.sectors.app";

/** A typed setting (blank: auto); anything else is refused with what is allowed. */
export function parseEditionSetting(text: string | null | undefined): EditionSetting {
  const value = (text ?? "").trim().toLowerCase();
  if (value === "") return "auto";
  if (value === "auto" || value === "spec" || value === "live") return value;
  throw new MdqError("bad_argument", `the edition must be auto, spec or live (got ${show(text)})`);
}

/** The edition a call speaks without asking the server: the setting, or for `auto` live at the
 *  provider's host and spec elsewhere (what a call assumes where the server has not said). */
export function resolveEdition(setting: EditionSetting | undefined, baseUrl: string): Edition {
  if (setting === "spec" || setting === "live") return setting;
  return parseBaseUrl(baseUrl)?.hostname === LIVE_API_HOST ? "live" : "spec";
}

/** The refusal for a function (or an argument) an edition does not give, before any request. */
export function notOffered(what: string, edition: Edition, hint?: string): MdqError {
  const other = edition === "spec" ? "live" : "spec";
  return new MdqError(
    "unsupported",
    `${what} is not offered by the ${edition} edition of the service. ${hint ? `${hint} ` : ""}Or set the edition to ${other} ${whereToSet("edition")}, if your service is that edition.`,
  );
}

/** Where MDQ's sandbox serves the spec edition when it serves both (`mdq serve`, `npm start`):
 *  this path under its address, the live edition at its root. */
export const SANDBOX_SPEC_PATH = "/spec";

/** The field of a 410 answer in which a server whose address speaks live names where it serves
 *  the spec edition (MDQ's sandbox does; the provider does not): a path under the base URL. */
export const SPEC_PATH_FIELD = "spec_edition_path";

/** A path a server names as its spec edition's, if it is one MDQ follows: under the base URL
 *  (one or more plain steps, no dot steps, no query), never an API path of its own. */
export function specPathOf(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 100) return undefined;
  if (!/^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/.test(value) || /^\/v[12](\/|$)/i.test(value)) return undefined;
  return value;
}

/** The refusal of a call set to the spec edition at a base URL whose server speaks live there and
 *  names no spec address of its own (the provider's service, a sandbox serving live only): one
 *  sentence with both ways out, instead of a retired path or a company "not found" by the wrong
 *  edition's path. `note`: what else was found (an address named that did not answer as spec). */
export function liveNotSpec(base: string, note?: string): MdqError {
  return new MdqError(
    "gone",
    `the server at ${base} speaks the live edition (the provider's current API), where the spec edition's paths are retired or shaped otherwise, but the edition is set to spec${note ? ` (${note})` : ""}. Set the edition to live or auto ${whereToSet("edition")}, or point the base URL at an address that serves the spec edition ${whereToSet("baseUrl")}: MDQ's sandbox serves it under ${SANDBOX_SPEC_PATH}, as ${SANDBOX.url}${SANDBOX_SPEC_PATH}.`,
    { status: 410 },
  );
}
