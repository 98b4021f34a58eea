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
  throw new MdqError(
    "malformed",
    `the service's answer for ${fn} has an unexpected shape. Check the base URL points at the Market Data Query Service.`,
  );
}
