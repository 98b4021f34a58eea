// A gateway in a process of its own (scripts/bench/hit-cost.ts), so its CPU time is its alone,
// set up as `mdq gateway` sets up its process (src/gateway/cli.ts):
// options come as JSON in MDQ_BENCH_GATEWAY, the address goes back over IPC, and the access log
// goes to this process's stdout, which the bench points at a file as an operator would.
import { keepHeapNearLive } from "../../src/gateway/heap";
import { type GatewayOptions, startGateway } from "../../src/gateway/server";

async function main() {
  const options = JSON.parse(process.env.MDQ_BENCH_GATEWAY ?? "{}") as GatewayOptions;
  // As `mdq gateway` does for the process it runs in.
  keepHeapNearLive();
  const gateway = await startGateway(options);
  process.send?.({ url: gateway.url });
  process.on("message", async (m) => {
    if (m !== "close") return;
    await gateway.close();
    process.exit(0);
  });
}

main().catch((e) => {
  process.send?.({ error: String(e?.stack ?? e) });
  process.exit(1);
});
