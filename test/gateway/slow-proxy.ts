// A TCP proxy on a loopback port in front of a redis-server that hands every reply on `delayMs`
// later, in order: a Redis that is busy (or far away), not dead. Commands go through at once.

import type { AddressInfo } from "node:net";
import net from "node:net";

export interface SlowProxy {
  url: string;
  close(): Promise<void>;
}

export async function slowProxy(redisPort: number, delayMs: number): Promise<SlowProxy> {
  const sockets = new Set<net.Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const keep = (s: net.Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => s.destroy());
  };
  const server = net.createServer((client) => {
    const redis = net.connect(redisPort, "127.0.0.1");
    keep(client);
    keep(redis);
    client.pipe(redis);
    // Each chunk is due delayMs after it came; timers of one delay fire in the order set.
    redis.on("data", (chunk) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!client.destroyed) client.write(chunk);
      }, delayMs);
      timers.add(timer);
    });
    client.on("close", () => redis.destroy());
    redis.on("close", () => client.destroy());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
