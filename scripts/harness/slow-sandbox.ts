// The sandbox as a slow service: every request answered `delayMs` after it arrives, however many
// are open (a service whose latency does not grow with load, as a provider behind a CDN). For
// the bench's first-recalculation figures; run it in a worker (startSlowSandboxWorker) so the
// server's work does not share the measured thread. The Excel queue tests count its requests.
import type { RequestListener } from "node:http";
import { createSandboxHandler } from "../../src/sandbox/server";
import { listenOnLoopback } from "./loopback";

export interface SlowSandboxOptions {
  apiKey: string;
  today?: string;
  delayMs: number;
  edition?: "spec" | "live";
}

/** The sandbox's answer to each request, `delayMs` after it arrived. */
export function slowSandboxHandler(options: SlowSandboxOptions): RequestListener {
  const handle = createSandboxHandler({ apiKey: options.apiKey, today: options.today, edition: options.edition });
  return (req, res) => {
    setTimeout(() => {
      if (!handle(req, res)) res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
    }, options.delayMs);
  };
}

export async function startSlowSandbox(options: SlowSandboxOptions): Promise<{ url: string; close(): Promise<void> }> {
  // Connections arrive by the hundred at once: a backlog that takes them all.
  const { url, close } = await listenOnLoopback(slowSandboxHandler(options), 1024);
  return { url, close };
}
