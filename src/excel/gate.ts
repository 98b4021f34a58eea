// The add-in's way to the network: identical requests in flight share one fetch, and at most
// `maxConcurrent` fetches run at once (a sheet that recalculates 200 cells must not open 200
// connections). Every caller's promise settles within its own timeout or on its own
// cancellation, whatever the shared fetch does, so no cell waits forever.
import type { HttpResponse } from "../../shared/classify";
import type { TransportFailure } from "../../shared/executor";
import { type FetchLike, fetchOnce } from "../../shared/fetch-transport";
import type { HttpRequest } from "../../shared/request";

export type Outcome = HttpResponse | TransportFailure;

const CANCELLED: TransportFailure = { failure: "network", message: "the call was cancelled" };
/** Not sent: the service asked the runtime to pause while the request waited for a slot. */
const HELD: TransportFailure = { failure: "held", message: "held back by a pause the service asked for" };

interface Flight {
  promise: Promise<Outcome>;
  controller: AbortController;
  waiters: number;
}

export class Gate {
  private active = 0;
  private readonly queue: Array<() => void> = [];
  private readonly flights = new Map<string, Flight>();

  constructor(
    private readonly fetchImpl: FetchLike,
    private readonly maxConcurrent: number,
    private readonly onRequest: () => void,
    /** True while requests to this URL's service must not leave (a shared pause). */
    private readonly holds: (url: string) => boolean = () => false,
  ) {}

  /** Requests in flight now (for tests and the task pane). */
  get inFlight(): number {
    return this.flights.size;
  }

  send(request: HttpRequest, timeoutMs: number, maxBytes: number, signal?: AbortSignal): Promise<Outcome> {
    if (signal?.aborted) return Promise.resolve(CANCELLED);
    // The key includes the headers (the API key): two keys are two different answers.
    const key = `${request.url}\n${JSON.stringify(request.headers)}\n${maxBytes}`;
    const flight = this.flights.get(key) ?? this.start(key, request, timeoutMs, maxBytes);
    flight.waiters++;
    return new Promise<Outcome>((resolve) => {
      let settled = false;
      const settle = (outcome: Outcome, leaving: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        flight.waiters--;
        // The last caller to give up stops the shared fetch (or its place in the queue).
        if (leaving && flight.waiters === 0) flight.controller.abort();
        resolve(outcome);
      };
      const timer = setTimeout(
        () => settle({ failure: "timeout", message: `no answer within ${Math.round(timeoutMs / 1000)} s` }, true),
        timeoutMs,
      );
      const onAbort = () => settle(CANCELLED, true);
      signal?.addEventListener("abort", onAbort, { once: true });
      flight.promise.then((outcome) => settle(outcome, false));
    });
  }

  private start(key: string, request: HttpRequest, timeoutMs: number, maxBytes: number): Flight {
    const controller = new AbortController();
    const flight: Flight = { controller, waiters: 0, promise: Promise.resolve(CANCELLED) };
    flight.promise = this.acquire()
      .then(async (release) => {
        try {
          if (controller.signal.aborted) return CANCELLED;
          // A pause that began while this waited for its slot holds it back, unsent.
          if (this.holds(request.url)) return HELD;
          this.onRequest();
          return await fetchOnce(this.fetchImpl, request, timeoutMs, maxBytes, controller.signal);
        } finally {
          release();
        }
      })
      .finally(() => {
        if (this.flights.get(key) === flight) this.flights.delete(key);
      });
    this.flights.set(key, flight);
    return flight;
  }

  /** A slot among the `maxConcurrent`; resolves with the function that frees it. */
  private acquire(): Promise<() => void> {
    return new Promise((resolve) => {
      const grant = () => {
        this.active++;
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.active--;
          this.queue.shift()?.();
        });
      };
      if (this.active < this.maxConcurrent) grant();
      else this.queue.push(grant);
    });
  }
}
