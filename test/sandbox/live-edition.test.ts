// The edition switch: the live edition retires /v1/ with a 410 JSON body (after auth, like every
// path), the spec edition keeps serving it, a handler says which edition it serves, and
// `mdq serve --edition live` prints a banner whose examples work against it.
import { LIVE_ENDPOINTS } from "../../src/sandbox/routes-live";
import { parseServeArgs } from "../../src/sandbox/serve";
import { createSandboxHandler } from "../../src/sandbox/server";
import { startServe } from "../serve-command";
import { request, useSandbox } from "./helpers";

const live = useSandbox({ edition: "live" });
const spec = useSandbox();
const both = useSandbox({ edition: "both" });
const GONE = { error: "v1_discontinued", message: "The /v1/ API was retired in May 2026. Use the /v2/ endpoints." };

describe("/v1/ in the live edition", () => {
  test("every /v1/ path, known or not, answers 410 with the JSON body", async () => {
    for (const path of ["/v1/tags/", "/v1/financials/quarterly/BBCA/?n_quarters=2", "/v1/nope/", "/v1", "/v1/index-daily/%ZZ/"]) {
      const r = await live.get(path);
      expect({ path, status: r.status }).toEqual({ path, status: 410 });
      expect(r.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(r.headers["access-control-allow-origin"]).toBe("*");
      expect(r.body).toEqual(GONE);
    }
  });

  test("a sandbox serving both editions names where the spec edition is in its root's 410; one serving live only names none", async () => {
    for (const path of ["/v1/subsectors/", "/v1/financials/quarterly/BBCA/?n_quarters=4"]) {
      const r = await both.get(path);
      expect(r.status).toBe(410);
      expect(r.body).toEqual({
        error: "v1_discontinued",
        message: `${GONE.message} This sandbox serves the spec edition, /v1/ paths included, under /spec.`,
        spec_edition_path: "/spec",
      });
      expect((await both.get(`/spec${path}`)).status).toBe(200);
    }
    expect((await live.get("/v1/subsectors/")).body).not.toHaveProperty("spec_edition_path");
  });

  test("auth is checked first; preflight and methods keep their rules", async () => {
    expect((await live.get("/v1/tags/", { auth: null })).status).toBe(401);
    expect((await live.get("/v1/tags/", { auth: "wrong" })).status).toBe(401);
    expect((await live.get("/v1/tags/", { method: "OPTIONS", auth: null })).status).toBe(204);
    expect((await live.get("/v1/tags/", { method: "POST" })).status).toBe(405);
  });

  test("the spec edition still serves /v1/", async () => {
    const r = await spec.get("/v1/tags/");
    expect(r.status).toBe(200);
    expect(r.body).toContain("insider-trading");
  });

  test("unknown paths outside /v1/ are 404 JSON in both editions", async () => {
    for (const api of [live, spec]) {
      const r = await api.get("/v2/nope/");
      expect(r.status).toBe(404);
      expect(typeof r.body.error).toBe("string");
    }
    expect((await live.get("/v3/tags/")).status).toBe(404);
  });
});

describe("the live route table", () => {
  // That it serves every described path (the query-string twins aside) is test/sandbox/described-answers.test.ts's.
  test("serves /v2/ paths only, each once", () => {
    const paths = LIVE_ENDPOINTS.map((e) => e.path);
    expect(paths.filter((p) => !p.startsWith("/v2/"))).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  test("spec-only /v2/ paths are 404 in the live edition", async () => {
    for (const p of ["/v2/mineral-companies/", "/v2/sales-destination/?ticker=ADRO", "/v2/mining/companies/ADRO/financials/"]) {
      expect((await live.get(p)).status).toBe(404);
    }
    expect((await live.get("/v2/mining/companies/1/performance/")).status).toBe(404);
  });
});

describe("choosing the edition", () => {
  test("handlers say which edition they serve; spec is the default", () => {
    expect(createSandboxHandler().edition).toBe("spec");
    expect(createSandboxHandler({ edition: "live" }).edition).toBe("live");
    expect(createSandboxHandler({ edition: "both" }).edition).toBe("both");
    expect(() => createSandboxHandler({ edition: "beta" as never })).toThrow(/edition must be spec, live or both/);
  });

  test("mdq serve --edition", () => {
    // Both by default: the live edition at the root, the spec edition under /spec.
    expect(parseServeArgs([])).toMatchObject({ edition: "both" });
    expect(parseServeArgs(["--edition", "live"])).toEqual({ port: 8787, host: "127.0.0.1", apiKey: "demo", edition: "live" });
    expect(parseServeArgs(["--edition=spec"])).toMatchObject({ edition: "spec" });
    expect(() => parseServeArgs(["--edition", "v3"])).toThrow(/--edition must be one of spec, live, both/);
    expect(() => parseServeArgs(["--edition"])).toThrow(/Missing value for --edition/);
  });
});

describe("the built mdq serve --edition live in a child process", () => {
  test("the banner names the edition and its curl lines work", async () => {
    const served = await startServe(["--edition", "live"]);
    try {
      expect(served.banner).toContain("Edition:  live only");
      const url = served.base;
      const curls = [...served.banner.matchAll(/curl -H "Authorization: demo" "([^"]+)"/g)].map((m) => m[1]);
      expect(curls.length).toBeGreaterThanOrEqual(3);
      for (const full of curls) {
        expect(full.startsWith(`${url}/v2/`)).toBe(true);
        const r = await request(url, full.slice(url.length));
        expect({ full, status: r.status }).toEqual({ full, status: 200 });
      }
      expect((await request(url, "/v1/index-daily/lq45/")).status).toBe(410);
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });
});
