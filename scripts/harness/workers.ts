// Start the sandbox or the fault server in a worker thread and get its URL back. The worker
// code is the TypeScript entry bundled by esbuild in memory (the worker cannot use ts-jest).

import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { type BuildOptions, buildSync } from "esbuild";

export interface Running {
  url: string;
  /** A base URL where nothing listens (fault server only). */
  refusedUrl: string;
  close(): Promise<void>;
}

/** Code a worker thread can eval: TypeScript bundled in memory (a worker cannot use ts-jest). */
export function workerBundle(entry: BuildOptions): string {
  return buildSync({ ...entry, bundle: true, write: false, platform: "node", format: "cjs", target: "node20", logLevel: "warning" })
    .outputFiles![0].text;
}

let code: string | undefined;
const workerCode = () => (code ??= workerBundle({ entryPoints: [join(__dirname, "workers-entry.ts")] }));

function start(kind: "sandbox" | "fault" | "slow-sandbox", options: Record<string, unknown>): Promise<Running> {
  const worker = new Worker(workerCode(), { eval: true, workerData: { kind, options } });
  return new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", (m: { url?: string; refusedUrl?: string; error?: string }) => {
      if (m.error || !m.url) return reject(new Error(m.error ?? "the server did not start"));
      resolve({
        url: m.url,
        refusedUrl: m.refusedUrl ?? "",
        close: () =>
          new Promise<void>((done) => {
            const stop = () => void worker.terminate().then(() => done());
            const timer = setTimeout(stop, 2000); // bounded: a stuck close still ends the worker
            worker.once("message", () => {
              clearTimeout(timer);
              stop();
            });
            worker.postMessage("close");
          }),
      });
    });
  });
}

export const startSandboxWorker = (options: { apiKey: string; today?: string; edition?: "spec" | "live" | "both" }) =>
  start("sandbox", options);
/** The sandbox answering every request after `delayMs` (scripts/harness/slow-sandbox.ts). */
export const startSlowSandboxWorker = (options: { apiKey: string; today?: string; delayMs: number; edition?: "spec" | "live" }) =>
  start("slow-sandbox", options);
export const startFaultWorker = (options: { slowMs?: number } = {}) => start("fault", options);
