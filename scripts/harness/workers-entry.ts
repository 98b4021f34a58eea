// Runs inside a worker thread (see workers.ts): the test's main thread blocks in the
// UrlFetchApp stand-in while a request is out, so the servers need an event loop of their own.
import { parentPort, workerData } from "node:worker_threads";
import { startSandbox } from "../../src/sandbox/server";
import { startFaultServer } from "./sheets-fault-server";
import { type SlowSandboxOptions, startSlowSandbox } from "./slow-sandbox";

async function main() {
  const { kind, options } = workerData as { kind: "sandbox" | "fault" | "slow-sandbox"; options: Record<string, unknown> };
  const server =
    kind === "sandbox"
      ? await startSandbox({ port: 0, host: "127.0.0.1", ...options })
      : kind === "slow-sandbox"
        ? await startSlowSandbox(options as unknown as SlowSandboxOptions)
        : await startFaultServer(options);
  parentPort?.on("message", async (m) => {
    if (m === "close") {
      await server.close();
      parentPort?.postMessage({ closed: true });
    }
  });
  parentPort?.postMessage({ url: server.url, refusedUrl: (server as { refusedUrl?: string }).refusedUrl });
}

main().catch((e) => parentPort?.postMessage({ error: String(e?.stack ?? e) }));
