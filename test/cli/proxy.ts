// A recording proxy on 127.0.0.1 in front of a server: it sees every request the command sends.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordingProxy {
  url: string;
  seen: Array<{ url: string; auth?: string }>;
  close(): Promise<void>;
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const seen: RecordingProxy["seen"] = [];
  const proxy = http.createServer((req, res) => {
    seen.push({ url: req.url ?? "", auth: req.headers.authorization });
    const upstream = http.get(target + req.url, { headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on("error", () => res.destroy());
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((r) => proxy.close(() => r())),
  };
}
