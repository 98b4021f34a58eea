// The distinct requests of a recalculation, each run once however many formulas ask it: Excel
// calls every formula on its own, and a workbook asks each request under several display options
// (and often many times over). A request in flight has one abort of its own: a formula Excel
// cancels leaves it, and it is aborted only when no formula waits for it any more. Its answer is
// shown once per display variant, the cells shared by every formula that shows that variant
// (never changed once made: Excel may hold one array in several cells). An answer that is fresh is
// kept once answered, so that the next recalculation shows it again without running it, until
// the moment `keptUntil` gives (its answers' freshness) or `clear` (a refresh of everything, new
// settings, the cache emptied).

import { MdqError } from "../../shared";

/** Said to a formula that Excel cancelled: recorded nowhere (Excel shows nothing of it). */
export class FormulaCancelled extends MdqError {
  constructor() {
    super("network", "the call was cancelled");
  }
}

/** Excel's cancellation of one formula (@cancelable's invocation). */
export interface Cancelable {
  onCanceled?: () => void;
}

interface InFlight<T> {
  answer: Promise<T>;
  controller: AbortController;
  waiters: number;
  settled: boolean;
}

/** Answers kept at most; the oldest goes first. */
export const KEPT_MAX = 20_000;

export class SharedRequests<T> {
  private readonly flights = new Map<string, InFlight<T>>();
  private readonly answers = new Map<string, { answer: T; until: number }>();

  constructor(
    private readonly now: () => number,
    /** Until when an answer may be shown again without running its request (none: not kept). */
    private readonly keptUntil: (answer: T) => number | undefined,
    private readonly newController: () => AbortController = () => new AbortController(),
  ) {}

  /** Requests in flight now. */
  get size(): number {
    return this.flights.size;
  }

  /** The answer of `key` kept from an earlier run and still fresh, if any. */
  kept(key: string): T | undefined {
    const hit = this.answers.get(key);
    if (!hit) return undefined;
    if (hit.until > this.now()) return hit.answer;
    this.answers.delete(key);
    return undefined;
  }

  /** Forgets every kept answer (requests in flight go on, and are not kept). */
  clear(): void {
    this.forget();
    this.flights.clear();
  }

  /** Forgets every kept answer; requests in flight are kept when answered. */
  forget(): void {
    this.answers.clear();
  }

  /** The answer of the request `key`, started with `start` unless it is in flight already. A
   *  formula cancelled before it is answered gets FormulaCancelled; the request goes on for the
   *  others, or is aborted (its signal) when it was the last. */
  join(key: string, start: (signal: AbortSignal) => Promise<T>, cancelable?: Cancelable): Promise<T> {
    let flight = this.flights.get(key);
    if (!flight) {
      const controller = this.newController();
      const made: InFlight<T> = { controller, waiters: 0, settled: false, answer: start(controller.signal) };
      made.answer.then(
        (answer) => this.settle(key, made, answer),
        () => this.settle(key, made),
      );
      this.flights.set(key, made);
      flight = made;
    }
    const joined = flight;
    joined.waiters++;
    if (!cancelable) return joined.answer;
    let left = false;
    cancelable.onCanceled = () => {
      if (left || joined.settled) return;
      left = true;
      // The last formula to leave stops the request; a later formula asking it starts anew.
      if (--joined.waiters === 0) {
        if (this.flights.get(key) === joined) this.flights.delete(key);
        joined.controller.abort();
      }
    };
    return joined.answer.then(
      (answer) => {
        if (left) throw new FormulaCancelled();
        return answer;
      },
      (e) => {
        throw left ? new FormulaCancelled() : e;
      },
    );
  }

  private settle(key: string, flight: InFlight<T>, answer?: T): void {
    flight.settled = true;
    // A flight forgotten meanwhile (clear) answers its own formulas only.
    if (this.flights.get(key) !== flight) return;
    this.flights.delete(key);
    const until = answer === undefined ? undefined : this.keptUntil(answer);
    if (until === undefined || until <= this.now()) return;
    if (this.answers.size >= KEPT_MAX) this.answers.delete(this.answers.keys().next().value as string);
    this.answers.set(key, { answer: answer as T, until });
  }
}
