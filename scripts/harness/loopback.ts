// Test servers on 127.0.0.1 only: listen on an ephemeral port, close without waiting for open
// sockets or pending timers, and name a port where nothing listens.
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface Loopback {
  url: string;
  /** Run fn after ms unless the server is closed first. */
  later(ms: number, fn: () => void): void;
  close(): Promise<void>;
}

/** `backlog`: connections the kernel queues before they are accepted (Node's default is 511). */
export async function listenOnLoopback(handler: http.RequestListener, backlog?: number): Promise<Loopback> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer(handler);
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen({ port: 0, host: "127.0.0.1", backlog }, r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    later: (ms, fn) => {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

/** A base URL on a port that was free a moment ago: connections to it are refused. */
export async function refusedUrl(): Promise<string> {
  const spare = http.createServer();
  await new Promise<void>((r) => spare.listen(0, "127.0.0.1", r));
  const { port } = spare.address() as AddressInfo;
  await new Promise((r) => spare.close(r));
  return `http://127.0.0.1:${port}`;
}
