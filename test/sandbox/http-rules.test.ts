// Transport rules: auth, CORS, methods, unknown paths and parameters, odd input. Every answer
// is JSON with the right content type, and nothing produces a 500.
import http from "node:http";
import { createSandboxHandler } from "../../src/sandbox/server";
import { request, useSandbox } from "./helpers";

const api = useSandbox();
const JSON_TYPE = "application/json; charset=utf-8";

function expectJsonError(r: { status: number; headers: http.IncomingHttpHeaders; body: any }, status: number) {
  expect(r.status).toBe(status);
  expect(r.headers["content-type"]).toBe(JSON_TYPE);
  expect(r.headers["access-control-allow-origin"]).toBe("*");
  expect(Object.keys(r.body)).toEqual(["error"]);
  expect(typeof r.body.error).toBe("string");
  expect(r.body.error.length).toBeGreaterThan(5);
}

describe("authentication", () => {
  test("missing, wrong and Bearer-prefixed keys are 401 JSON", async () => {
    expectJsonError(await api.get("/v1/tags/", { auth: null }), 401);
    expectJsonError(await api.get("/v1/tags/", { auth: "nope" }), 401);
    expectJsonError(await api.get("/v1/tags/", { auth: "Bearer demo" }), 401);
    const ok = await api.get("/v1/tags/", { auth: "demo" });
    expect(ok.status).toBe(200);
    expect(ok.headers["content-type"]).toBe(JSON_TYPE);
  });

  test("every endpoint requires the key", async () => {
    for (const path of ["/v1/filings/", "/v2/mining/sites/", "/v1/klse/companies/top/", "/v1/index-daily/lq45/"]) {
      expect((await api.get(path, { auth: null })).status).toBe(401);
    }
  });

  describe("custom key", () => {
    const custom = useSandbox({ apiKey: "k-123" });
    test("only the configured key is accepted", async () => {
      expect((await custom.get("/v1/tags/", { auth: "k-123" })).status).toBe(200);
      expect((await custom.get("/v1/tags/", { auth: "demo" })).status).toBe(401);
    });
  });
});

describe("CORS and methods", () => {
  test("OPTIONS preflight is 204 without auth, with CORS headers", async () => {
    const r = await api.get("/v1/financials/quarterly/BBCA/", { method: "OPTIONS", auth: null });
    expect(r.status).toBe(204);
    expect(r.text).toBe("");
    expect(r.headers["access-control-allow-origin"]).toBe("*");
    expect(r.headers["access-control-allow-headers"]).toMatch(/Authorization/);
    expect(r.headers["access-control-allow-methods"]).toMatch(/GET/);
  });

  test("non-GET methods are 405 JSON", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const r = await api.get("/v1/tags/", { method });
      expectJsonError(r, 405);
      expect(r.headers.allow).toBe("GET, OPTIONS");
    }
  });

  test("successful answers carry CORS too", async () => {
    const r = await api.get("/v1/subsectors/");
    expect(r.headers["access-control-allow-origin"]).toBe("*");
  });
});

describe("paths", () => {
  test("unknown paths are 404 JSON, inside and outside the API prefixes", async () => {
    for (const path of ["/v1/nope/", "/v2/mining/", "/", "/favicon.ico", "/v3/filings/", "/v1/financials/quarterly/"]) {
      expectJsonError(await api.get(path), 404);
    }
  });

  test("'..' segments are never resolved to another route", async () => {
    expectJsonError(await api.get("/v1/../v1/tags/"), 404);
    expectJsonError(await api.get("/v1/index-daily/../../etc/passwd"), 404);
    expectJsonError(await api.get("/v1/financials/quarterly/..%2F..%2Fetc/"), 400);
  });

  test("trailing slash is optional", async () => {
    const a = await api.get("/v1/tags");
    const b = await api.get("/v1/tags/");
    expect(a.status).toBe(200);
    expect(a.text).toBe(b.text);
  });

  test("bad percent-encoding in the path is 400 JSON", async () => {
    expectJsonError(await api.get("/v1/financials/quarterly/%E0%A4%A/"), 400);
    expectJsonError(await api.get("/v1/index-daily/%ZZ/"), 400);
  });
});

describe("parameters and odd input", () => {
  test("unknown query parameters are named in a 400", async () => {
    const r = await api.get("/v1/filings/?foo=1&n=2&bar=x");
    expectJsonError(r, 400);
    expect(r.body.error).toBe("Invalid query parameters: foo, bar.");
    expect((await api.get("/v1/tags/?x=1")).body).toEqual({ error: "Invalid query parameters: x." });
  });

  test("unicode, bad query encoding and huge numbers never crash", async () => {
    const cases: [string, number][] = [
      ["/v1/financials/quarterly/%F0%9F%98%80/", 400],
      ["/v1/filings/?sector=%E5%8C%97%E4%BA%AC", 200],
      ["/v1/filings/?start=%ZZ", 400],
      ["/v1/filings/?n=99999999999999999999", 400],
      ["/v1/filings/?page=999999999999&page_size=30", 200],
      ["/v2/mining/licenses/?limit=1e309", 400],
      ["/v2/mining/licenses/?offset=999999999999999", 200],
      ["/v2/mining/sites/?min_production=1e999", 400],
      ["/v2/mining/sites/?min_production=99999999999999", 200],
      ["/v1/financials/quarterly/BBCA/?n_quarters=999999999999999", 200],
      ["/v1/klse/company/report/%00%00%00%00/", 400],
      [`/v1/companies/?sub_sector=${"a".repeat(5000)}`, 400],
      ["/v2/mining/companies/99999999999999999999/", 404],
      ["/v2/mining/companies/-1/performance/", 404],
      ["/v1/index-daily/ihsg/?start=9999-12-31", 200],
      ["/v1/index-daily/ihsg/?end=9999-12-31", 200],
      ["/v1/index-daily/ihsg/?start=0001-01-01", 400],
      ["/v1/financials/quarterly/BBCA/?report_date=9999-12-31", 200],
    ];
    for (const [path, status] of cases) {
      const r = await api.get(path);
      expect({ path, status: r.status }).toEqual({ path, status });
      expect(r.headers["content-type"]).toBe(JSON_TYPE);
      expect(typeof r.body === "object").toBe(true);
    }
  });
});

describe("createSandboxHandler", () => {
  test("claims only /v1 and /v2 so other pages can share the server", async () => {
    const handle = createSandboxHandler({ apiKey: "demo", today: "2025-06-18" });
    const server = http.createServer((req, res) => {
      if (handle(req, res)) return;
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<h1>playground</h1>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const page = await request(base, "/playground/");
      expect(page.text).toBe("<h1>playground</h1>");
      const api2 = await request(base, "/v1/tags/");
      expect(api2.status).toBe(200);
      expect(api2.body).toContain("insider-trading");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("rejects an impossible fixed today", () => {
    expect(() => createSandboxHandler({ today: "2025-02-30" })).toThrow(/YYYY-MM-DD/);
  });
});
