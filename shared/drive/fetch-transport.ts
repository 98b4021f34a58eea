// The fetch transport: one request sent with a fetch function the host passes in (Node's, the
// Excel runtime's), always settled, stopped at the answer limit; and a plain asynchronous host
// built on it (the command line, tests).
import type { HttpRequest, HttpResponse, TransportFailure } from "../base/http";
import type { Env } from "../run/env";
import type { AsyncHost } from "./async-host";

export type FetchLike = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
) => Promise<{
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  /** The body as it arrives (decompressed), read chunk by chunk to stop at the answer limit. */
  body?: ReadableStream<Uint8Array> | null;
}>;

type FetchResponse = Awaited<ReturnType<FetchLike>>;

/** One HTTP GET with a fetch function that always settles: a response, or a failure saying what
 *  went wrong. Past `maxBytes` of body (as decompressed) it stops reading and says so. `owned`: a
 *  controller of the caller's that it aborts itself when its own bound passes (a transport that
 *  times each of its callers, Excel's gate): no timer nor controller of this call's then. */
export async function fetchOnce(
  fetchImpl: FetchLike,
  request: HttpRequest,
  timeoutMs: number,
  maxBytes: number,
  signal?: AbortSignal,
  owned?: AbortController,
): Promise<HttpResponse | TransportFailure> {
  const controller = owned ?? new AbortController();
  let timedOut = false;
  const timer = owned
    ? undefined
    : setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
  const onAbort = () => controller.abort();
  if (!owned) signal?.addEventListener("abort", onAbort);
  try {
    const response = await fetchImpl(request.url, { headers: request.headers, signal: controller.signal });
    const body = await readWithin(response, maxBytes);
    if (body === undefined) {
      controller.abort(); // stop the download
      return { failure: "too_large", message: `more than ${maxBytes} bytes` };
    }
    return { status: response.status, body, retryAfter: response.headers.get("retry-after"), age: response.headers.get("age") };
  } catch (e) {
    if (timedOut) return { failure: "timeout", message: `no answer within ${Math.round(timeoutMs / 1000)} s` };
    if (signal?.aborted || owned?.signal.aborted) return { failure: "network", message: "the call was cancelled" };
    // A browser's fetch rejects a refused cross-origin call with a bare TypeError, and tells the
    // page nothing more by design; Node's names its cause (ECONNREFUSED, ENOTFOUND, ...).
    const error = e as { name?: unknown; message?: unknown; cause?: unknown } | null;
    if (error?.name === "TypeError" && !error.cause) return { failure: "blocked", message: String(error.message) };
    return { failure: "network", message: describe(e) };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/** The body as text, or undefined past `maxBytes`: counted as it streams, so a gzip bomb or an
 *  endless body stops at the limit instead of filling memory. */
async function readWithin(response: FetchResponse, maxBytes: number): Promise<string | undefined> {
  // A declared length past the limit needs no reading (compressed, the answer is larger still).
  if (Number(response.headers.get("content-length")) > maxBytes) return undefined;
  // Without a stream, or a TextDecoder to read one (EdgeHTML has none), the whole body at once.
  if (!response.body || typeof TextDecoder !== "function") {
    const text = await response.text();
    return text.length > maxBytes ? undefined : text;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return utf8Text(chunks, bytes);
}

/** One decoder for every answer: a decode without `stream` keeps no state between calls. */
let decoder: TextDecoder | undefined;

/** UTF-8 bytes as text: one decode of the whole, so no character is split between chunks (an
 *  answer that came in one chunk, as most do, is decoded as it is, not copied first). */
function utf8Text(chunks: Uint8Array[], bytes: number): string {
  decoder ??= new TextDecoder();
  if (chunks.length === 1) return decoder.decode(chunks[0]);
  const whole = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return decoder.decode(whole);
}

/** A short reason for a network error's code (Node's and undici's); `otherwise` for any other. */
export function networkReason(code: string | undefined, otherwise: string): string {
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET") return "connection reset";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host not found";
  return otherwise;
}

/** A short reason from fetch's nested errors (ECONNREFUSED, ECONNRESET, ...). */
function describe(e: unknown): string {
  const err = e as { message?: string; cause?: { code?: string; message?: string } };
  return networkReason(err?.cause?.code, err?.cause?.message ?? err?.message ?? "network error");
}

/** A host that sends each request with `fetchImpl` as it is (the command line, tests). */
export const fetchHost = (fetchImpl: FetchLike, env: Partial<Env> = {}): AsyncHost => ({
  send: (request, timeoutMs, maxBytes) => fetchOnce(fetchImpl, request, timeoutMs, maxBytes),
  now: Date.now,
  // A call's deadline and back-offs on a clock no time sync steps (Node and browsers have one).
  monotonic: () => performance.now(),
  random: Math.random,
  ...env,
});
