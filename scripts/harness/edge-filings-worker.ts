// The edge-filings stand-in (edge-filings.ts) in a worker thread: the Apps Script bundle's
// UrlFetchApp stand-in blocks the test's thread while a request is out, so the stand-in needs an
// event loop of its own. Its recorded hits are asked of the worker.
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { EdgeFilingsOptions, EdgeHit } from "./edge-filings";
import { workerBundle } from "./workers";

export interface EdgeFilingsWorker {
  url: string;
  /** Every request the stand-in has answered so far, with its credits. */
  hits(): Promise<EdgeHit[]>;
  close(): Promise<void>;
}

/** The longest the worker is waited for (to start, to list its hits, to close): bounded waits. */
const WAIT_MS = 10_000;

let code: string | undefined;
const workerCode = () => (code ??= workerBundle({ entryPoints: [join(__dirname, "edge-filings-worker-entry.ts")] }));

/** The worker's next message that has `field`, or an error after WAIT_MS. */
function reply<T>(worker: Worker, field: string, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      worker.off("message", listen);
      reject(new Error(`the edge-filings worker did not ${what} within ${WAIT_MS} ms`));
    }, WAIT_MS);
    const listen = (m: Record<string, unknown>) => {
      if (m.error) reject(new Error(String(m.error)));
      else if (!(field in m)) return;
      else resolve(m[field] as T);
      clearTimeout(timer);
      worker.off("message", listen);
    };
    worker.on("message", listen);
  });
}

export async function startEdgeFilingsWorker(options: EdgeFilingsOptions = {}): Promise<EdgeFilingsWorker> {
  const worker = new Worker(workerCode(), { eval: true, workerData: options });
  const started = reply<string>(worker, "url", "start");
  const failed = new Promise<never>((_, reject) => worker.once("error", reject));
  failed.catch(() => undefined); // a worker that fails after it started is seen by its next reply's wait
  const url = await Promise.race([started, failed]);
  return {
    url,
    hits: () => {
      const hits = reply<EdgeHit[]>(worker, "hits", "list its hits");
      worker.postMessage("hits");
      return hits;
    },
    close: async () => {
      const closed = reply<boolean>(worker, "closed", "close").catch(() => undefined);
      worker.postMessage("close");
      await closed;
      await worker.terminate();
    },
  };
}
