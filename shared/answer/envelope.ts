// The live edition's lists come in a `{results, pagination}` envelope; the spec edition's are plain
// lists. An answer of the other edition's shape says which edition the base URL speaks.
import { whereToSet } from "../base/advice";
import { type Edition, SANDBOX_SPEC_PATH } from "../base/editions";
import { MdqError } from "../base/errors";
import { isObject } from "./response";

/** The live edition's list answer. */
interface Envelope {
  results: unknown[];
  pagination: { has_next?: unknown; next_offset?: unknown };
}

export const isEnvelope = (json: unknown): json is Envelope => isObject(json) && Array.isArray(json.results) && isObject(json.pagination);

/** An answer of the other edition's shape: say so, and what to change (`speaks`: a call set to
 *  spec asks the server where its spec edition is, run/call.ts). */
export const otherEdition = (fn: string, edition: Edition, shape: string): MdqError =>
  new MdqError(
    "malformed",
    `the service's answer for ${fn} is shaped like the ${edition} edition's (${shape}): this base URL speaks the ${edition} edition. Check the base URL points at the service you mean${edition === "live" ? ` (MDQ's sandbox serves the spec edition under ${SANDBOX_SPEC_PATH})` : ""}, or set the edition to ${edition} ${whereToSet("edition")}.`,
    { speaks: edition },
  );

/** The results of an envelope; a plain list where an envelope belongs is the spec edition's answer. */
export function resultsOf(json: unknown, fn: string): unknown {
  if (isEnvelope(json)) return json.results;
  if (Array.isArray(json)) throw otherEdition(fn, "spec", "a plain list where the live edition sends {results, pagination}");
  return json;
}
