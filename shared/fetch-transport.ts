// The executor's effects on a host that has a fetch function, timers and an optional cache
// (Node and the Excel runtime). The host passes its own fetch in: the core still does no I/O
// of its own, and tests can hand in a counting or failing fetch.
import { CellValue } from "./args";
import { HttpResponse } from "./classify";
import { DateWriter } from "./display";
import { CallResult, callFunction, Effect, EffectResult, Env, runAsync, TransportFailure } from "./executor";
import { HttpRequest, Settings } from "./request";

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
  fetch: FetchLike;
  cache?: TextCache;
  /** Aborts the call (Excel's @cancelable); a cancelled call ends as a timeout-free failure. */
  signal?: AbortSignal;
  /** Replace the plain fetch with a shared one (in-flight sharing, a concurrency cap). */
  send?: (request: HttpRequest, timeoutMs: number) => Promise<HttpResponse | TransportFailure>;
}

/** One HTTP GET that always settles: a response, or a failure saying what went wrong. */
export async function send(
  fetchImpl: FetchLike,
  request: HttpRequest,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<HttpResponse | TransportFailure> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => ((timedOut = true), controller.abort()), timeoutMs);
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
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
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
        return host.send ? host.send(effect.request, effect.timeoutMs) : send(host.fetch, effect.request, effect.timeoutMs, host.signal);
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
