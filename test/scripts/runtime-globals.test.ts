// The built Excel bundle runs on Node in the bench and the tests with a browser's globals
// (scripts/harness/runtime-globals.ts): its signals take as many abort listeners as a browser's
// do. Node's own signals warn past 10 (MaxListenersExceededWarning), a limit browsers do not have.
import { defaultMaxListeners, getMaxListeners } from "node:events";
import { RUNTIME_GLOBALS } from "../../scripts/harness/runtime-globals";

test("a signal of the runtime's AbortController has no listener limit; Node's own has its default", () => {
  const browsers = new RUNTIME_GLOBALS.AbortController();
  expect(browsers).toBeInstanceOf(AbortController);
  // No limit: no warning however many listeners.
  expect(getMaxListeners(browsers.signal)).toBe(Number.POSITIVE_INFINITY);
  expect(getMaxListeners(new AbortController().signal)).toBe(defaultMaxListeners);
});
