// Runs inside a worker thread (scripts/bench/gateway.ts): a gateway instance with an event loop
// of its own, so the clients that measure it do not share its thread.
import { parentPort, workerData } from "node:worker_threads";
import { type GatewayOptions, startGateway } from "../../src/gateway/server";

async function main() {
  const gateway = await startGateway({ ...(workerData as GatewayOptions), log: () => undefined });
  parentPort?.on("message", async (m) => {
    if (m === "close") {
      await gateway.close();
      parentPort?.postMessage({ closed: true });
    }
  });
  parentPort?.postMessage({ url: gateway.url });
}

main().catch((e) => parentPort?.postMessage({ error: String(e?.stack ?? e) }));
