// One HTTP GET through UrlFetchApp, answered the way the executor expects. UrlFetchApp takes no
// timeout and cannot be interrupted: the executor knows (policy `uninterruptible`) and decides
// whether another try still fits in the time left; this file only performs the request.
import { type FetchEffect, type HttpRequest, type HttpResponse, type TransportFailure, utf8Bytes } from "../../shared";
import { type FetchParams, type FetchResponse, gas } from "./apps-script";
import { googleLimit, googleReason } from "./messages";

/** One request; an answer past `maxBytes` is refused (UrlFetchApp has read it whole by then, but
 *  MDQ neither parses nor caches it). */
export function urlFetch(request: HttpRequest, maxBytes: number): HttpResponse | TransportFailure {
  try {
    return answerOf(gas().UrlFetchApp.fetch(request.url, paramsOf(request)), maxBytes);
  } catch (e) {
    return failureOf(e);
  }
}

/** Requests sent together with one UrlFetchApp.fetchAll (Google runs them side by side). It
 *  throws when any one of them cannot be sent at all (no connection, one of Google's limits):
 *  that failure is then every request's, as none of their answers came back. */
export function urlFetchAll(fetches: FetchEffect[]): Array<HttpResponse | TransportFailure> {
  try {
    const responses = gas().UrlFetchApp.fetchAll(fetches.map((f) => ({ url: f.request.url, ...paramsOf(f.request) })));
    return responses.map((response, i) => answerOf(response, fetches[i].maxBytes));
  } catch (e) {
    const failure = failureOf(e);
    return fetches.map(() => failure);
  }
}

const paramsOf = (request: HttpRequest): FetchParams => ({
  method: "get",
  headers: request.headers,
  // Status and body go to the core's classifier instead of an exception per status.
  muteHttpExceptions: true,
  // A redirect could carry the Authorization header to another host: never follow one.
  followRedirects: false,
});

function answerOf(response: FetchResponse, maxBytes: number): HttpResponse | TransportFailure {
  const tooLarge: TransportFailure = { failure: "too_large", message: `more than ${maxBytes} bytes` };
  if (Number(header(response, "content-length")) > maxBytes) return tooLarge;
  const body = response.getContentText();
  if (utf8Bytes(body) > maxBytes) return tooLarge;
  return { status: response.getResponseCode(), body, retryAfter: header(response, "retry-after"), age: header(response, "age") };
}

function header(response: FetchResponse, name: string): string | null {
  const headers = response.getHeaders() ?? {};
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() !== name) continue;
    const value = headers[key];
    return Array.isArray(value) ? (value[0] ?? null) : value;
  }
  return null;
}

/** UrlFetchApp throws for DNS failures, refused connections, its own timeout, an answer past its
 *  50 MB (Google does not document that message's wording: any mention of size is taken), and
 *  Google's own limits (messages.ts), which are final. */
export function failureOf(e: unknown): TransportFailure {
  const raw = String((e as Error)?.message ?? e);
  const limit = googleLimit(raw);
  if (limit) return { failure: "host_limit", message: limit };
  // Its messages end with the URL ("DNS error: https://..."): the reason is enough.
  const reason = googleReason(raw) || "network error";
  if (/size|too large|larger than/i.test(raw)) return { failure: "too_large", message: reason };
  return /time(d)?\s*out/i.test(raw) ? { failure: "timeout", message: reason } : { failure: "network", message: reason };
}
