// Query parameters no MDQ function sends to a path (and, for /v2/, that the service's description
// does not list for it) are refused before they reach the upstream; every request the catalogue
// plans for its examples, in both editions, passes.
import { EDITIONS, type Edition } from "../../shared/base/editions";
import { CATALOGUE, functionNamed } from "../../shared/catalogue/catalogue";
import { callAsync } from "../../shared/drive/async-host";
import { fetchHost } from "../../shared/drive/fetch-transport";
import { startSandbox } from "../../src/sandbox/server";
import { type CountingUpstream, countingUpstream, gateway, get, PROVIDER_KEY, type Started, tokenFile } from "./harness";

const tokens = tokenFile();
let token: string;
beforeAll(async () => {
  token = await tokens.add("quinn");
});

describe("junk parameters", () => {
  let upstream: CountingUpstream;
  let g: Started;
  beforeAll(async () => {
    upstream = await countingUpstream("live");
    g = await gateway(upstream.url, { tokenFile: tokens.path });
  });
  afterAll(async () => {
    await g?.close();
    await upstream?.close();
  });

  test.each([
    ["/v1/news/?zzz=1", "zzz", "/v1/news/"],
    ["/v2/financials/quarterly/BBCA/?n_quarters=4&zzz=1", "zzz", "/v2/financials/quarterly/BBCA/"],
    ["/v2/some/free/path/?__proto__=1", "__proto__", "/v2/some/free/path/"],
  ])("%s: 400 naming the parameter and the path; the upstream sees nothing", async (path, name, where) => {
    const before = upstream.seen.length;
    const refused = await get(g.url, path, token);
    expect(refused.status).toBe(400);
    const said = JSON.parse(refused.body).message as string;
    expect(said).toContain(`'${name}'`);
    expect(said).toContain(where);
    expect(said).toMatch(/Remove it/);
    expect(upstream.seen.length).toBe(before);
  });

  test("GET keeps its freedom within the described parameters of a /v2/ path", async () => {
    const answer = await get(g.url, "/v2/mining/sites/?limit=2", token);
    expect(answer.status).toBe(200);
    expect(upstream.seen).toContain("/v2/mining/sites/?limit=2");
  });
});

describe.each(EDITIONS)("every example of the catalogue through the gateway, %s edition", (edition: Edition) => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let g: Started;
  beforeAll(async () => {
    // The examples' windows end on 2025-06-27: no later than today.
    sandbox = await startSandbox({ port: 0, apiKey: PROVIDER_KEY, today: "2025-06-30", edition });
    g = await gateway(sandbox.url, { tokenFile: tokens.path, limits: { perMinute: 0, perDay: 0 } });
  });
  afterAll(async () => {
    await g?.close();
    await sandbox?.close();
  });

  test("no request MDQ plans is refused by the gateway", async () => {
    const refused: string[] = [];
    let sent = 0;
    const failed: string[] = [];
    const recording = async (url: string, init: RequestInit) => {
      sent++;
      const response = await fetch(url, init);
      const text = await response.text();
      if (response.status === 400 && /does not forward/.test(text)) refused.push(`${url}: ${JSON.parse(text).message}`);
      return new Response(text, { status: response.status, headers: response.headers });
    };
    const offered = CATALOGUE.filter((f) => f.editions[edition]);
    for (const fn of offered) {
      await callAsync(
        functionNamed(fn.name),
        fn.example as never,
        { baseUrl: g.url, apiKey: token, edition },
        fetchHost(recording as never),
      ).catch((e) => failed.push(`${fn.name}: ${(e as Error).message}`));
    }
    expect(refused).toEqual([]);
    // Every example worked through the gateway: the walk reached the upstream, it is not vacuous.
    expect(failed).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(offered.length);
  }, 120_000);
});
