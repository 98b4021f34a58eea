// The executor's effects on an asynchronous host: its way to send a request, timers and an
// optional cache (Node and the Excel runtime). The host passes its own fetch in: the core still
// does no I/O of its own, and tests can hand in a counting or failing fetch.
import type { CellValue } from "../base/cells";
import type { HttpResponse } from "../answer/classify";
import type { DateWriter } from "../answer/display";
import {
  type CallResult,
  callFunction,
  type Effect,
  type EffectResult,
  type Env,
  runAsync,
  type Sent,
  type TransportFailure,
} from "../run/call";
import type { HttpRequest, Settings } from "../request/prepare";

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

export interface TextCache {
  get(key: string): string | undefined;
  set(key: string, value: string, ttlSeconds: number): void;
}

export interface AsyncHost extends Env {
  /** One request, always settled: a response, or a failure saying what went wrong. A host that
   *  queues requests waits at most `queueMs` for a turn, and counts `timeoutMs` from the sending. */
  send(request: HttpRequest, timeoutMs: number, maxBytes: number, queueMs: number): Promise<Sent>;
  cache?: TextCache;
  /** Aborts the call (Excel's @cancelable): waits end at once. */
  signal?: AbortSignal;
}

/** One HTTP GET with a fetch function that always settles: a response, or a failure saying what
 *  went wrong. Past `maxBytes` of body (as decompressed) it stops reading and says so. */
export async function fetchOnce(
  fetchImpl: FetchLike,
  request: HttpRequest,
  timeoutMs: number,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<HttpResponse | TransportFailure> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener("abort", onAbort);
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
    if (signal?.aborted) return { failure: "network", message: "the call was cancelled" };
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
  if (!response.body) {
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

/** UTF-8 bytes as text: one decode of the whole, so no character is split between chunks. */
function utf8Text(chunks: Uint8Array[], bytes: number): string {
  const whole = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(whole);
}

/** A short reason from fetch's nested errors (ECONNREFUSED, ECONNRESET, ...). */
function describe(e: unknown): string {
  const err = e as { message?: string; cause?: { code?: string; message?: string } };
  const code = err?.cause?.code;
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "connection reset";
  if (code === "ENOTFOUND") return "host not found";
  return err?.cause?.message ?? err?.message ?? "network error";
}

/** A wait that a cancelled call ends early; its listener goes when it ends, as a call waiting
 *  out a pause sleeps many times on one signal. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });

/** A host that sends each request with `fetchImpl` as it is (the command line, tests). */
export const fetchHost = (fetchImpl: FetchLike, env: Partial<Env> = {}): AsyncHost => ({
  send: (request, timeoutMs, maxBytes) => fetchOnce(fetchImpl, request, timeoutMs, maxBytes),
  now: Date.now,
  random: Math.random,
  ...env,
});

/** Run one catalogue function on an asynchronous host. */
export function callAsync<D = never>(
  name: string,
  args: readonly CellValue[],
  settings: Settings,
  host: AsyncHost,
  writeDate?: DateWriter<D>,
): Promise<CallResult<D>> {
  const handle = (effect: Effect): Promise<EffectResult> | EffectResult => {
    switch (effect.type) {
      case "fetch":
        return host.send(effect.request, effect.timeoutMs, effect.maxBytes, effect.queueMs);
      case "fetchAll":
        // In parallel, each through the host's own way to send (Excel: its cap on requests at once).
        return Promise.all(effect.fetches.map((f) => host.send(f.request, f.timeoutMs, f.maxBytes, f.queueMs)));
      case "sleep":
        return sleep(effect.ms, host.signal).then(() => undefined);
      case "cacheGet":
        return host.cache?.get(effect.key);
      case "cachePut":
        host.cache?.set(effect.key, effect.value, effect.ttlSeconds);
        return undefined;
    }
  };
  return runAsync(callFunction(name, args, settings, host, writeDate), handle);
}
