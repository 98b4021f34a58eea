// The distinct requests of a recalculation, each run once however many formulas ask it: Excel
// calls every formula on its own, and a workbook asks each request under several display options
// (and often many times over). A request in flight has one abort of its own: a formula Excel
// cancels leaves it, and it is aborted only when no formula waits for it any more. Its answer is
// shown once per display variant, the cells shared by every formula that shows that variant
// (never changed once made: Excel may hold one array in several cells).

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

export class SharedRequests<T> {
  private readonly flights = new Map<string, InFlight<T>>();

  constructor(private readonly newController: () => AbortController = () => new AbortController()) {}

  /** Requests in flight now. */
  get size(): number {
    return this.flights.size;
  }

  /** The answer of the request `key`, started with `start` unless it is in flight already. A
   *  formula cancelled before it is answered gets FormulaCancelled; the request goes on for the
   *  others, or is aborted (its signal) when it was the last. */
  async join(key: string, start: (signal: AbortSignal) => Promise<T>, cancelable?: Cancelable): Promise<T> {
    let flight = this.flights.get(key);
    if (!flight) {
      const controller = this.newController();
      const made: InFlight<T> = { controller, waiters: 0, settled: false, answer: start(controller.signal) };
      made.answer.then(
        () => this.settle(key, made),
        () => this.settle(key, made),
      );
      this.flights.set(key, made);
      flight = made;
    }
    const joined = flight;
    joined.waiters++;
    let left = false;
    if (cancelable)
      cancelable.onCanceled = () => {
        if (left || joined.settled) return;
        left = true;
        // The last formula to leave stops the request; a later formula asking it starts anew.
        if (--joined.waiters === 0) {
          if (this.flights.get(key) === joined) this.flights.delete(key);
          joined.controller.abort();
        }
      };
    let answer: T;
    try {
      answer = await joined.answer;
    } catch (e) {
      throw left ? new FormulaCancelled() : e;
    }
    if (left) throw new FormulaCancelled();
    return answer;
  }

  private settle(key: string, flight: InFlight<T>): void {
    flight.settled = true;
    if (this.flights.get(key) === flight) this.flights.delete(key);
  }
}
