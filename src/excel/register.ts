/// <reference types="custom-functions-runtime" />
// functions.js, the script the manifest's runtime loads: it registers every custom function at
// once, before any of the engine has been fetched or compiled, and loads the engine (engine.js)
// right after. A call made before the engine has started is queued and answered by the engine,
// in the order made; one cancelled while queued is dropped; when the engine cannot load, every
// queued and later call is a cell error that says so, never #BUSY! for ever. Kept to a few KB
// (test/excel/bundle.test.ts): it imports no module that runs, only the generated ids.
import type { Addin, Registration, Serve } from "./addin";
import { FUNCTION_IDS, type Handle, WRAPPER_OF } from "./function-ids.generated";

/** How long the engine may take to load before the calls fail: far above a slow network's time
 *  for its bytes, far below a user's patience with cells that never fill. */
const ENGINE_BOUND_MS = 60_000;
/** The engine's script, beside this one. */
const ENGINE_FILE = "engine.js";

interface Queued {
  id: string;
  args: unknown[];
  invocation?: CustomFunctions.CancelableInvocation;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const queue: Queued[] = [];
let serve: Serve | undefined;
let failure: string | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let engineReady: (addin: Addin) => void = () => {};
let engineFailed: (error: Error) => void = () => {};
const engine = new Promise<Addin>((resolve, reject) => {
  engineReady = resolve;
  engineFailed = reject;
});
// A page that never asks (functions.html) must not log a rejection nobody waited for.
engine.catch(() => {});

const failed = () => new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, failure);

/** The engine could not start: every queued call, and every later one, says why. */
function fail(reason: string): void {
  if (serve || failure) return;
  clearTimeout(timer);
  failure = `MDQ could not start: ${reason}. Reload the add-in (close and reopen the workbook); if this persists, check that this computer can reach the add-in's address.`;
  for (const call of queue.splice(0)) call.reject(failed());
  engineFailed(new Error(failure));
}

/** What a function does with a call: hands it to the engine, or queues it until then. */
const handle: Handle = (id, args, invocation) => {
  if (serve) return serve(id, args, invocation);
  if (failure) return Promise.reject(failed());
  return new Promise((resolve, reject) => {
    const call: Queued = { id, args, invocation, resolve, reject };
    queue.push(call);
    // Cancelled before the engine came: never sent. The engine replaces this handler with its own.
    if (invocation)
      invocation.onCanceled = () => {
        const at = queue.indexOf(call);
        if (at >= 0) queue.splice(at, 1);
      };
  });
};

for (const id in FUNCTION_IDS) CustomFunctions.associate(id, WRAPPER_OF[FUNCTION_IDS[id]](handle, id));

// EdgeHTML has no globalThis; the engine adds it (older-webviews.ts), this script runs before.
// Looked up once the functions are registered: a page's first Function() costs a compilation.
const root: { MDQ_REGISTRATION?: Registration } = Function("return this")();
root.MDQ_REGISTRATION = {
  engine,
  attach(addin, engineServe) {
    if (serve) return;
    serve = engineServe;
    failure = undefined;
    clearTimeout(timer);
    // In the order they were made; each call's own promise settles once, from the engine.
    for (const call of queue.splice(0)) engineServe(call.id, call.args, call.invocation).then(call.resolve, call.reject);
    engineReady(addin);
  },
};

// A page loads the engine with a script element (EdgeHTML has no import()), from beside this
// script. Without a document (a Node context), whoever runs this script runs engine.js after it.
if (typeof document !== "undefined") {
  const script = document.createElement("script");
  const here = document.currentScript as HTMLScriptElement | null;
  script.src = new URL(ENGINE_FILE, here?.src || location.href).href;
  script.onerror = () => fail(`its engine (${script.src}) could not be loaded`);
  // A script that loaded but did not attach threw as it ran (this webview lacks something it needs).
  script.onload = () => fail(`its engine (${script.src}) loaded but did not start`);
  timer = setTimeout(() => fail(`its engine (${script.src}) did not load within ${ENGINE_BOUND_MS / 1000} seconds`), ENGINE_BOUND_MS);
  (document.head || document.documentElement).appendChild(script);
}
