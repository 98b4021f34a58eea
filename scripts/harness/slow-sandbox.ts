// The sandbox as a slow service: every request answered `delayMs` after it arrives, however many
// are open (a service whose latency does not grow with load, as a provider behind a CDN). For
// the bench's first-recalculation figures; run it in a worker (startSlowSandboxWorker) so the
// server's work does not share the measured thread.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createSandboxHandler } from "../../src/sandbox/server";

export interface SlowSandboxOptions {
  apiKey: string;
  today?: string;
  delayMs: number;
}

export function startSlowSandbox(options: SlowSandboxOptions): Promise<{ url: string; close(): Promise<void> }> {
  const handle = createSandboxHandler({ apiKey: options.apiKey, today: options.today });
  const server = createServer((req, res) => {
    setTimeout(() => {
      if (!handle(req, res)) res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
    }, options.delayMs);
  });
  server.keepAliveTimeout = 5000;
  // Connections arrive by the hundred at once: a backlog that takes them all.
  return new Promise((resolve) =>
    server.listen({ port: 0, host: "127.0.0.1", backlog: 1024 }, () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}
