// The edition switch: the live edition retires /v1/ with a 410 JSON body (after auth, like every
// path), the spec edition keeps serving it, and a handler says which edition it serves.

import { parseServeArgs } from "../../src/sandbox/serve";
import { createSandboxHandler } from "../../src/sandbox/server";
import { useSandbox } from "./helpers";

const live = useSandbox({ edition: "live" });
const spec = useSandbox();
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

describe("choosing the edition", () => {
  test("handlers say which edition they serve; spec is the default", () => {
    expect(createSandboxHandler().edition).toBe("spec");
    expect(createSandboxHandler({ edition: "live" }).edition).toBe("live");
    expect(() => createSandboxHandler({ edition: "beta" as never })).toThrow(/edition must be spec or live/);
  });

  test("mdq serve --edition", () => {
    expect(parseServeArgs([])).not.toHaveProperty("edition");
    expect(parseServeArgs(["--edition", "live"])).toEqual({ port: 8787, host: "127.0.0.1", apiKey: "demo", edition: "live" });
    expect(parseServeArgs(["--edition=spec"])).toMatchObject({ edition: "spec" });
    expect(() => parseServeArgs(["--edition", "v3"])).toThrow(/--edition must be one of spec, live/);
    expect(() => parseServeArgs(["--edition"])).toThrow(/Missing value for --edition/);
  });
});
