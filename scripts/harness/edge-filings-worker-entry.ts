// Runs inside a worker thread (see edge-filings-worker.ts): the edge-filings stand-in with an
// event loop of its own, answering the main thread's "hits" and "close".
import { parentPort, workerData } from "node:worker_threads";
import { type EdgeFilingsOptions, startEdgeFilings } from "./edge-filings";

async function main() {
  const server = await startEdgeFilings(workerData as EdgeFilingsOptions);
  parentPort?.on("message", async (m) => {
    if (m === "hits") parentPort?.postMessage({ hits: server.hits });
    if (m === "close") {
      await server.close();
      parentPort?.postMessage({ closed: true });
    }
  });
  parentPort?.postMessage({ url: server.url });
}

main().catch((e) => parentPort?.postMessage({ error: String(e?.stack ?? e) }));
