// The two editions of the service MDQ speaks. `spec` is the service as the spec describes it
// (/v1/ paths, the January-2026 mining layout); `live` is the provider's current API (/v2/ only,
// `{results, pagination}` envelopes, mining companies by slug), whose /v1/ paths answer 410.
// One set of functions: each catalogue row says how each edition gives it.
import { whereToSet } from "./advice";
import { parseBaseUrl } from "./base-url";
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
