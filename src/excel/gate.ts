// The add-in's way to the network: identical requests in flight share one fetch, and at most
// `limit` fetches run at once (a sheet that recalculates 300 cells must not open 300
// connections). A caller waits in two stages, each bounded on its own: its turn in this queue
// (`queueMs`, generous: waiting behind other cells is no fault of the service), then the answer,
// from the moment its request is actually sent (`timeoutMs`). Every caller's promise settles
// within those bounds or on its own cancellation, whatever the shared fetch does, so no cell
// waits forever; it says how long it waited in the queue, which the executor keeps out of the
// call's deadline. Those bounds share one timer (deadlines.ts), not one each, and are kept on a
// monotonic clock, not the time of day: a system clock stepped while cells wait moves none of them.
import {
  type AnswerMemo,
  type FetchLike,
  fetchOnce,
  type HttpRequest,
  type HttpResponse,
  type Sent,
  type TransportFailure,
  withFields,
} from "../../shared";
import { type Deadline, DeadlineBoard, TIMERS, type Timers } from "./deadlines";

export type { Timers } from "./deadlines";

const CANCELLED: TransportFailure = { failure: "network", message: "the call was cancelled" };
/** Not sent: the service asked the runtime to pause while the request waited for a slot. */
const HELD: TransportFailure = { failure: "held", message: "held back by a pause the service asked for" };

interface Flight {
  promise: Promise<Sent>;
  controller: AbortController;
  waiters: number;
  /** Set once the request leaves; until then its callers wait in the queue. */
  sent: boolean;
  /** Callers still queued, told when the request leaves. */
  onSent: Set<() => void>;
}

export interface GateOptions {
  /** Fetches running at once; more wait their turn. */
  limit: number;
  onRequest?: () => void;
  /** Each fetch's outcome, once however many callers share it (the runtime bills it: credits),
   *  with the memo its callers will share (an answer billed by its records is parsed into it once). */
  onAnswer?: (request: HttpRequest, outcome: HttpResponse | TransportFailure, memo: AnswerMemo) => void;
  /** True while requests to this URL's service must not leave (a shared pause). */
  holds?: (url: string) => boolean;
  /** The clock of the callers' deadlines, monotonic as the timers are (default performance.now);
   *  a caller's `queuedMs` is measured on it too, as the call's own deadline that leaves that time
   *  out is counted on the same clock (the runtime's, shared/run/send.ts). */
  monotonic?: () => number;
  timers?: Timers;
  newController?: () => AbortController;
}

/** "45 s", "5 min". */
const duration = (ms: number) => (ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`);

export class Gate {
  private active = 0;
  private limit: number;
  private readonly queue: Array<() => void> = [];
  private readonly flights = new Map<string, Flight>();
  private readonly onRequest: () => void;
  private readonly onAnswer: NonNullable<GateOptions["onAnswer"]>;
  private readonly holds: (url: string) => boolean;
  private readonly deadlines: DeadlineBoard;
  private readonly newController: () => AbortController;

  constructor(
    private readonly fetchImpl: FetchLike,
    options: GateOptions,
  ) {
    this.limit = options.limit;
    this.onRequest = options.onRequest ?? (() => undefined);
    this.onAnswer = options.onAnswer ?? (() => undefined);
    this.holds = options.holds ?? (() => false);
    this.deadlines = new DeadlineBoard(options.monotonic ?? performance.now.bind(performance), options.timers ?? TIMERS);
    this.newController = options.newController ?? (() => new AbortController());
  }

  /** Requests in flight or queued now (for tests and the task pane). */
  get inFlight(): number {
    return this.flights.size;
  }

  /** A new cap (a setting saved); a raised one lets queued requests go at once. */
  setLimit(limit: number): void {
    this.limit = limit;
    while (this.active < this.limit && this.queue.length > 0) this.queue.shift()?.();
  }

  send(request: HttpRequest, timeoutMs: number, maxBytes: number, queueMs: number, signal?: AbortSignal): Promise<Sent> {
    if (signal?.aborted) return Promise.resolve({ ...CANCELLED, queuedMs: 0 });
    // The key includes the headers (the API key): two keys are two different answers.
    const key = `${request.url}\n${JSON.stringify(request.headers)}\n${maxBytes}`;
    // A fetch its last caller gave up is not joined: it is being stopped.
    const going = this.flights.get(key);
    const flight = going && !going.controller.signal.aborted ? going : this.start(key, request, timeoutMs, maxBytes);
    flight.waiters++;
    const joined = this.deadlines.time();
    return new Promise<Sent>((resolve) => {
      let settled = false;
      // Undefined while queued; how long it was, once its request is sent.
      let queuedMs: number | undefined;
      const settle = (outcome: TransportFailure | Sent, leaving: boolean) => {
        if (settled) return;
        settled = true;
        this.deadlines.remove(deadline);
        flight.onSent.delete(onSent);
        signal?.removeEventListener("abort", onAbort);
        flight.waiters--;
        // The last caller to give up stops the shared fetch (or its place in the queue).
        if (leaving && flight.waiters === 0) flight.controller.abort();
        // The outcome has no queuedMs of its own: one native copy, not ES2017's lowered spread
        // (withFields, shared/base/own.ts).
        resolve(withFields({ queuedMs: queuedMs ?? this.deadlines.time() - joined }, outcome));
      };
      // The queue bound while queued, then the answer bound from the moment the request is sent.
      const deadline: Deadline = {
        at: joined + (flight.sent ? timeoutMs : queueMs),
        slot: -1,
        due: () =>
          settle(
            queuedMs === undefined
              ? { failure: "queued", message: `waited ${duration(queueMs)} for its turn behind MDQ's other requests` }
              : { failure: "timeout", message: `no answer within ${duration(timeoutMs)}` },
            true,
          ),
      };
      const onSent = () => {
        const sentAt = this.deadlines.time();
        queuedMs = sentAt - joined;
        deadline.at = sentAt + timeoutMs;
        this.deadlines.set(deadline);
      };
      const onAbort = () => settle(CANCELLED, true);
      if (flight.sent) queuedMs = 0;
      else flight.onSent.add(onSent);
      this.deadlines.set(deadline);
      signal?.addEventListener("abort", onAbort, { once: true });
      flight.promise.then((outcome) => settle(outcome, false));
    });
  }

  private start(key: string, request: HttpRequest, timeoutMs: number, maxBytes: number): Flight {
    const controller = this.newController();
    const flight: Flight = { controller, waiters: 0, sent: false, onSent: new Set(), promise: Promise.resolve(CANCELLED) };
    const go = async (release: () => void): Promise<Sent> => {
      try {
        if (controller.signal.aborted) return CANCELLED;
        // A pause that began while this waited for its slot holds it back, unsent.
        if (this.holds(request.url)) return HELD;
        flight.sent = true;
        for (const tell of flight.onSent) tell();
        flight.onSent.clear();
        this.onRequest();
        // Each caller's own deadline bounds its wait, and the last to give up aborts the fetch: the
        // fetch needs no timer of its own.
        const outcome = await fetchOnce(this.fetchImpl, request, timeoutMs, maxBytes, undefined, controller);
        // Its callers share one memo: the first parses and decodes the answer, the others take that.
        const memo: AnswerMemo = new Map();
        this.onAnswer(request, outcome, memo);
        return "failure" in outcome ? outcome : withFields(outcome, { memo });
      } finally {
        release();
      }
    };
    // A free slot sends at once, before the next cell is even prepared; otherwise it queues.
    flight.promise = (this.active < this.limit ? go(this.take()) : this.acquire().then(go)).finally(() => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    });
    this.flights.set(key, flight);
    return flight;
  }

  /** A slot among the `limit`; resolves with the function that frees it. */
  private acquire(): Promise<() => void> {
    return new Promise((resolve) => {
      if (this.active < this.limit) resolve(this.take());
      else this.queue.push(() => resolve(this.take()));
    });
  }

  /** Takes a slot now; returns the function that frees it (once) and lets the next one go. */
  private take(): () => void {
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      if (this.active < this.limit) this.queue.shift()?.();
    };
  }
}
