// What Excel's JavaScript runtime has besides office.js's objects, for a built Excel bundle run in
// a vm context: the stand-ins add CustomFunctions and OfficeRuntime, a page stand-in the document,
// each caller its fetch and console. TextDecoder lets the bundle count an answer as it streams;
// performance is the monotonic clock of the gate's deadlines.
import { setMaxListeners } from "node:events";

/** A browser's AbortController on Node. Node warns (MaxListenersExceededWarning) past 10 listeners
 *  on one signal, a leak detector a browser's EventTarget does not have; the add-in's signals carry
 *  more by design: a call's signal has one listener per request it has in flight (a five-year DAILY
 *  sends its 22 windows of 90 days side by side, a batch one request per key), each removed as its
 *  request ends (test/excel/gate.test.ts counts them). So its signals have no limit, as a browser's. */
class BrowserAbortController extends AbortController {
  constructor() {
    super();
    setMaxListeners(Number.POSITIVE_INFINITY, this.signal);
  }
}

export const RUNTIME_GLOBALS = { AbortController: BrowserAbortController, setTimeout, clearTimeout, URL, TextDecoder, performance };
