// The admin listener (--metrics-port, 127.0.0.1 by default): /metrics, and /readyz and /healthz in
// full detail. /metrics names every token's holder with the credits they spent and the admin
// /readyz names Redis's host:port and the token file's path, so none of it is on the public port.
// Its requests are no client's: they are neither logged nor counted in mdq_gateway_requests_total
// (a scrape every 15 s would fill both).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Metrics } from "./metrics";
import type { Readiness, ReadinessView } from "./readiness";

export interface AdminContext {
  metrics: Metrics;
  readiness: (view: ReadinessView) => Promise<Readiness>;
  log: (line: string) => void;
}

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

export function createAdminHandler(c: AdminContext) {
  const json = (res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void => {
    res.writeHead(status, { ...JSON_HEADERS, ...extra }).end(JSON.stringify(body));
  };
  const said = (text: string) => ({ error: text, message: text });
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = req.url ?? "/";
    const bare = url.split("?", 1)[0];
    try {
      if (req.method !== "GET") return json(res, 405, said(`${req.method} is not allowed on the admin port: use GET`), { Allow: "GET" });
      if (bare === "/healthz") return json(res, 200, { ok: true });
      if (bare === "/readyz") {
        const r = await c.readiness("admin");
        return json(res, r.ready ? 200 : 503, r);
      }
      if (bare === "/metrics") {
        await c.readiness("admin"); // sets the Redis gauge
        const text = await c.metrics.registry.metrics();
        res.writeHead(200, { "Content-Type": c.metrics.registry.contentType, "Cache-Control": "no-store" }).end(text);
        return;
      }
      json(res, 404, said("the admin port serves /metrics, /readyz and /healthz only: the service's paths are on the gateway's own port"));
    } catch (e) {
      c.log(JSON.stringify({ time: new Date().toISOString(), level: "error", message: String((e as Error)?.message ?? e).slice(0, 300) }));
      if (!res.headersSent) json(res, 500, said("the gateway failed on this admin request; its log says why"));
      else res.destroy();
    }
  };
}
