// The executor's effects on an asynchronous host: its way to send a request, timers and an
// optional cache (Node and the Excel runtime). The host passes its own fetch in: the core still
// does no I/O of its own, and tests can hand in a counting or failing fetch.
import type { CellValue } from "./cells";
import type { HttpResponse } from "./classify";
import type { DateWriter } from "./display";
import { type CallResult, callFunction, type Effect, type EffectResult, type Env, runAsync, type TransportFailure } from "./executor";
import type { HttpRequest, Settings } from "./request";

export type FetchLike = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
) => Promise<{
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}>;

export interface TextCache {
  get(key: string): string | undefined;
  set(key: string, value: string, ttlSeconds: number): void;
}

export interface AsyncHost extends Env {
  /** One request, always settled: a response, or a failure saying what went wrong. */
  send(request: HttpRequest, timeoutMs: number): Promise<HttpResponse | TransportFailure>;
  cache?: TextCache;
  /** Aborts the call (Excel's @cancelable): waits end at once. */
  signal?: AbortSignal;
}

/** One HTTP GET with a fetch function that always settles: a response, or a failure saying what went wrong. */
export async function fetchOnce(
  fetchImpl: FetchLike,
  request: HttpRequest,
  timeoutMs: number,
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
    const body = await response.text();
    return { status: response.status, body, retryAfter: response.headers.get("retry-after") };
  } catch (e) {
    if (timedOut) return { failure: "timeout", message: `no answer within ${Math.round(timeoutMs / 1000)} s` };
    if (signal?.aborted) return { failure: "network", message: "the call was cancelled" };
    return { failure: "network", message: describe(e) };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
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

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** A host that sends each request with `fetchImpl` as it is (the command line, tests). */
export const fetchHost = (fetchImpl: FetchLike, env: Partial<Env> = {}): AsyncHost => ({
  send: (request, timeoutMs) => fetchOnce(fetchImpl, request, timeoutMs),
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
        return host.send(effect.request, effect.timeoutMs);
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
