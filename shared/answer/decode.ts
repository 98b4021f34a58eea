// Parsed JSON → the data a row's layout takes, through the endpoint's lenient schema; an answer of
// the other edition's shape says so.
import type { Edition } from "../base/editions";
import { MdqError } from "../base/errors";
import { isEnvelope, otherEdition } from "./envelope";
import { parseResponse, type Schema } from "./response";

/** Validate parsed JSON against the endpoint's lenient schema. */
export function decode(response: Schema, json: unknown, fn: string, edition: Edition): unknown {
  const result = parseResponse(response, json);
  if (result.success) return result.data;
  if (edition === "spec" && isEnvelope(json)) throw otherEdition(fn, "live", "{results, pagination}");
  throw unexpectedShape(`the service's answer for ${fn}`, result);
}

/** A wrong shape, named by where it is and what came: only a whole answer of the wrong kind
 *  suggests the base URL (something other than the service answered); a field of the wrong kind
 *  inside a right answer is the service's change. */
export function unexpectedShape(what: string, at: { where: string; expected: string; got: string }): MdqError {
  if (at.where === "")
    return new MdqError(
      "malformed",
      `${what} has an unexpected shape: ${at.expected} was expected, ${at.got} came. Check the base URL points at the Market Data Query Service.`,
    );
  return new MdqError("malformed", `${what} has an unexpected shape at \`${at.where}\`: ${at.expected} was expected, ${at.got} came.`);
}
