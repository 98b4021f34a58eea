// An HTTP answer → the parsed JSON, or the MdqError a user can act on. Works on the status,
// the body text and the Retry-After header only, so every host's transport feeds it the same way.
import { whereToSet } from "../base/advice";
import { SANDBOX_SPEC_PATH, SPEC_PATH_FIELD, specPathOf } from "../base/editions";
import { MdqError } from "../base/errors";
import type { HttpResponse } from "../base/http";
import { redactKey } from "../base/redact";

/** The service's own sentence from an error body: `message`, else `error`, `detail` or a
 *  string `code`; a short plain-text body (a proxy's "upstream request timeout") as it is. The key
 *  is taken out before the sentence is cut short, so no piece of it survives the cut. */
function serviceMessage(body: string, apiKey: string | undefined): string | undefined {
  let json: unknown;
  try {
    json = tooDeep(body) ? undefined : JSON.parse(body);
  } catch {
    const plain = body.trim();
    return plain && !/^[<{[]/.test(plain) && plain.length <= 200 ? oneLine(redactKey(plain, apiKey)) : undefined;
  }
  if (!json || typeof json !== "object") return undefined;
  const { message, error, detail, code } = json as Record<string, unknown>;
  const text = [message, error, detail, code].find((t) => typeof t === "string" && t.trim());
  return typeof text === "string" ? oneLine(redactKey(text, apiKey)) : undefined;
}

/** One line, without its closing full stop: the message adds its own ("...exist. Check..."). */
const oneLine = (text: string) => {
  const flat = text
    .slice(0, 1000)
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\s*\.+$/, "");
  return flat.length > 200 ? `${flat.slice(0, 197)}...` : flat;
};

/** Deeper than any answer of the service (its reports nest a handful of levels): past this an
 *  answer is refused before it is parsed, so nothing that reads it can run out of stack. */
export const MAX_DEPTH = 256;

/** The deepest nesting of brackets and braces in JSON text, outside strings; stops counting past MAX_DEPTH. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > MAX_DEPTH) return deepest;
    } else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}

/** Whether JSON text nests deeper than MAX_DEPTH. A text of at most MAX_DEPTH opening brackets
 *  and braces in all (in strings too) cannot: counted with the engine's own search, which spares
 *  most answers the scan character by character (as costly as their parse in a fresh page). */
export function tooDeep(text: string): boolean {
  let opening = 0;
  for (const bracket of OPENING) {
    for (let at = text.indexOf(bracket); at >= 0; at = text.indexOf(bracket, at + 1)) {
      if (++opening > MAX_DEPTH) return nestingDepth(text) > MAX_DEPTH;
    }
  }
  return false;
}
const OPENING = ["[", "{"];

/** Where a 410's body says the server serves the spec edition, when it names a path MDQ follows. */
function specPathIn(body: string): string | undefined {
  if (!body.includes(SPEC_PATH_FIELD)) return undefined;
  try {
    const json: unknown = tooDeep(body) ? undefined : JSON.parse(body);
    return json && typeof json === "object" ? specPathOf((json as Record<string, unknown>)[SPEC_PATH_FIELD]) : undefined;
  } catch {
    return undefined;
  }
}

const looksLikeHtml = (body: string) => /^\s*</.test(body);

/** The `source` of an answer the team's gateway (src/gateway) makes itself, not the service. */
export const GATEWAY_SOURCE = "mdq-gateway";

/** The team's gateway refused the token itself: the provider's plan and credits are not the cause. */
function fromGateway(body: string): boolean {
  if (!body.includes(GATEWAY_SOURCE)) return false;
  try {
    return (JSON.parse(body) as { source?: unknown }).source === GATEWAY_SOURCE;
  } catch {
    return false;
  }
}

/** `apiKey`: taken out of anything the service says back before it reaches a message. */
export function classify(response: HttpResponse, nowMs: number, apiKey?: string): unknown {
  const { status, body } = response;
  if (status >= 200 && status < 300) return parseBody(status, body);
  const said = serviceMessage(body, apiKey) ?? (looksLikeHtml(body) ? "an error page" : "no details");
  // 429 and 503 may say when to come back; the back-off waits that long (run/retry-policy.ts, run/pauses.ts).
  const extra = { status, retryAfter: parseRetryAfter(response.retryAfter, nowMs) };
  switch (true) {
    case status === 400:
      return fail(new MdqError("bad_request", `the service rejected the request (400): ${said}. Check the arguments.`, extra));
    case status === 401 || status === 403:
      return fail(
        new MdqError(
          "auth",
          fromGateway(body)
            ? `your team's gateway refused the key (${status}): ${said}.`
            : `the API key was refused (${status}): ${said}. Check the key ${whereToSet("apiKey")}, your plan and your credits.`,
          extra,
        ),
      );
    case status === 404:
      return fail(new MdqError("not_found", `not found (404): ${said}. Check the ticker, code or id.`, extra));
    case status === 410: {
      // Both ways out: the edition the server speaks, or the address where it serves this one.
      const specPath = specPathIn(body);
      const elsewhere = specPath
        ? `this server's spec edition, its address followed by ${specPath},`
        : `an address that serves the spec edition (MDQ's sandbox serves it under ${SANDBOX_SPEC_PATH})`;
      return fail(
        new MdqError(
          "gone",
          `this service path was retired (410): ${said}. The provider's current API is MDQ's live edition: set the edition to live ${whereToSet("edition")}, or point the base URL at ${elsewhere} ${whereToSet("baseUrl")}.`,
          { ...extra, specPath },
        ),
      );
    }
    case status === 429:
      return fail(
        new MdqError("rate_limited", `the service's rate limit was reached (429): ${said}. Wait a minute, then recalculate.`, extra),
      );
    case status >= 500:
      return fail(new MdqError("server", `the service failed (${status}): ${said}. Try again in a few minutes.`, extra));
    default:
      return fail(new MdqError("bad_request", `the service gave an unexpected answer (${status}): ${said}.`, { status }));
  }
}

function parseBody(status: number, body: string): unknown {
  if (!body.trim())
    return fail(
      new MdqError("malformed", `the service sent an empty answer (${status}). Check the base URL points at the API.`, { status }),
    );
  if (tooDeep(body)) {
    return fail(
      new MdqError(
        "malformed",
        `the service sent data nested more than ${MAX_DEPTH} levels deep (${status}), which no answer of the service is. Check the base URL points at the API.`,
        { status },
      ),
    );
  }
  try {
    return JSON.parse(body);
  } catch {
    const what = looksLikeHtml(body) ? "a web page instead of data" : "data that is not valid JSON (cut short?)";
    return fail(
      new MdqError("malformed", `the service sent ${what} (${status}). Check the base URL points at the API, then try again.`, { status }),
    );
  }
}

const fail = (e: MdqError): never => {
  throw e;
};

/** Retry-After as seconds: a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - nowMs) / 1000);
}
