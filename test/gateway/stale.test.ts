// A stale answer only as stale as the client takes (stale-if-error=N, max-stale=N: N seconds past
// freshness), and an answer larger than the gateway takes said as such, with a status front ends
// do not retry.
import { classify } from "../../shared/answer/classify";
import type { MdqError } from "../../shared/base/errors";
import { TTL } from "../../shared/rows/function-spec";
import { DEFAULT_POLICY, retryDelay } from "../../shared/run/retry-policy";
import { staleAllowance } from "../../src/gateway/stale-allowance";
import { type CountingUpstream, clock, countingUpstream, gateway, get, type Started, tokenFile } from "./harness";

let upstream: CountingUpstream;
let g: Started;
let token: string;
const time = clock();

beforeAll(async () => {
  upstream = await countingUpstream();
  const tokens = tokenFile();
  token = await tokens.add("pat");
  g = await gateway(upstream.url, { tokenFile: tokens.path, now: time.now });
});
afterAll(async () => {
  await g?.close();
  await upstream?.close();
});

test("the Cache-Control directives read as seconds of staleness", () => {
  expect(staleAllowance(undefined)).toBeUndefined();
  expect(staleAllowance("no-cache")).toBeUndefined();
  expect(staleAllowance("stale-if-error=60")).toBe(60);
  expect(staleAllowance("max-stale=100, stale-if-error=200")).toBe(200);
  expect(staleAllowance('max-stale="30"')).toBe(30);
  expect(staleAllowance("max-stale")).toBe(Number.POSITIVE_INFINITY);
  expect(staleAllowance("stale-if-error=soon")).toBeUndefined();
  expect(staleAllowance("x-stale-if-error=60")).toBeUndefined();
});

test("stale-if-error=N and max-stale=N: a stale answer only while it is at most N seconds past its freshness", async () => {
  const path = "/v1/financials/quarterly/BBRI/?n_quarters=4"; // QUARTERLY: TTL.financials
  const fresh = await get(g.url, path, token);
  expect(fresh.status).toBe(200);
  time.advance((TTL.financials + 120) * 1000); // 120 s stale
  upstream.script = () => [503, JSON.stringify({ error: "down for maintenance" })];
  try {
    const answer = async (cacheControl: string) => {
      const r = await get(g.url, path, token, { "Cache-Control": cacheControl });
      return [r.status, r.headers.get("mdq-cache")];
    };
    expect(await answer("stale-if-error=60")).toEqual([503, "uncached"]);
    expect(await answer("max-stale=119")).toEqual([503, "uncached"]);
    expect(await answer("stale-if-error=120")).toEqual([200, "stale"]);
    expect(await answer("max-stale=3600")).toEqual([200, "stale"]);
    expect(await answer("max-stale")).toEqual([200, "stale"]);
    expect(await answer("max-stale=10, stale-if-error=600")).toEqual([200, "stale"]);
  } finally {
    upstream.script = undefined;
  }
});

test("an answer over the gateway's size limit: 413 saying so and what to do, which front ends do not retry", async () => {
  const huge = `{"rows":"${"x".repeat(26 * 1_048_576)}"}`;
  upstream.script = (url) => (url.includes("BMRI") ? [200, huge] : undefined);
  try {
    const answer = await get(g.url, "/v1/financials/quarterly/BMRI/", token);
    expect(answer.status).toBe(413);
    const said = JSON.parse(answer.body).message as string;
    expect(said).toMatch(/larger than the team's gateway takes \(25 MB\): ask for less/);
    expect(said).not.toMatch(/try again in a few minutes/i);
    let error: MdqError | undefined;
    try {
      classify({ status: answer.status, body: answer.body, retryAfter: answer.headers.get("retry-after") }, Date.now());
    } catch (e) {
      error = e as MdqError;
    }
    expect(error?.message).toContain("larger than the team's gateway takes");
    expect(retryDelay(error!, 1, () => 0.5, DEFAULT_POLICY)).toBeUndefined();
  } finally {
    upstream.script = undefined;
  }
});
