// The sandbox server: the API handler on Node's own http module, and a JSON 404 for everything the
// handler does not claim, after the static folders (the playground) had their turn.

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SANDBOX } from "../../shared";
import type { Served } from "./editions";
import { createSandboxHandler, type HandlerOptions } from "./handler";
import { sendJson } from "./http";
import { createStaticHandler, type StaticMounts } from "./static";

export interface SandboxOptions extends HandlerOptions {
  /** Default 0: an ephemeral port (the `serve` command defaults to 8787). */
  port?: number;
  host?: string;
  /** Static folders beside the API, e.g. { "/playground/": "dist/playground" }. */
  static?: StaticMounts;
}

export interface Sandbox {
  url: string;
  port: number;
  apiKey: string;
  edition: Served;
  close(): Promise<void>;
}

export function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? "127.0.0.1";
  const apiKey = options.apiKey ?? SANDBOX.apiKey;
  const handle = createSandboxHandler({ ...options, apiKey });
  const serveStatic = createStaticHandler(options.static ?? {});
  const server = createServer((req, res) => {
    try {
      if (!handle(req, res) && !serveStatic(req, res))
        sendJson(res, 404, { error: `Not found: no endpoint at ${(req.url ?? "/").split("?")[0]}.` });
    } catch (err) {
      if (!res.headersSent) sendJson(res, 500, { error: `Internal sandbox error: ${(err as Error).message}` });
    }
  });
  server.keepAliveTimeout = 5000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      const port = (server.address() as AddressInfo).port;
      const shownHost = host.includes(":") ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${port}`,
        port,
        apiKey,
        edition: handle.edition,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((err) => (err ? fail(err) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
