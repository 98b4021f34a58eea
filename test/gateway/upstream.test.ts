// The gateway's request upstream (upstream.ts): fetchOnce's rules (no redirect, size cap, timeout,
// the key in the Authorization header only, gzip, deflate and br decoded, the same failure kinds)
// on node:http, the body read into one Buffer of its own that the entry cache keeps as it is;
// global fetch, whose objects outlived every miss in the heap, is not used for it.
import http from "node:http";
import { gzipSync } from "node:zlib";
import { type Loopback, listenOnLoopback, refusedUrl } from "../../scripts/harness/loopback";
import { Answers } from "../../src/gateway/answers";
import { createMetrics } from "../../src/gateway/metrics";
import { MemoryState } from "../../src/gateway/state";
import { upstreamClient } from "../../src/gateway/upstream";
import { countingUpstream, gateway, PROVIDER_KEY, tokenFile } from "./harness";

const MAX = 1000;
const client = upstreamClient(5000, MAX);
let server: Loopback;
let elsewhere: Loopback;
const seen: { url: string; authorization?: string }[] = [];
let elsewhereHits = 0;

beforeAll(async () => {
  elsewhere = await listenOnLoopback((_req, res) => {
    elsewhereHits++;
    res.end("{}");
  });
  server = await listenOnLoopback((req, res) => {
    seen.push({ url: req.url ?? "", authorization: req.headers.authorization });
    if (req.url === "/data") res.writeHead(200, { "Retry-After": "7", Age: "3" }).end('{"price":"1€"}');
    else if (req.url === "/moved") res.writeHead(302, { Location: `${elsewhere.url}/data` }).end();
    else if (req.url === "/declared") res.writeHead(200, { "Content-Length": String(MAX + 1) }).end("x".repeat(MAX + 1));
    else if (req.url === "/endless") {
      res.writeHead(200); // chunked, no length said
      for (let i = 0; i < 4; i++) res.write("y".repeat(MAX / 2));
      res.end();
    } else if (req.url === "/gzip") res.writeHead(200, { "Content-Encoding": "gzip" }).end(gzipSync('{"rows":[1]}'));
    else if (req.url === "/bomb") res.writeHead(200, { "Content-Encoding": "gzip" }).end(gzipSync("z".repeat(MAX * 100)));
    else if (req.url === "/odd") res.writeHead(200, { "Content-Encoding": "zstd-of-our-own" }).end("?");
    // "/silent": never answered
  });
});
afterAll(async () => {
  client.close();
  await server?.close();
  await elsewhere?.close();
});

test("an answer: status, headers and the body as one Buffer with memory of its own (no slice of a socket's read)", async () => {
  const answer = await client.get(`${server.url}/data`, { Authorization: PROVIDER_KEY });
  if ("failure" in answer) throw new Error(answer.message);
  expect([answer.status, answer.retryAfter, answer.age]).toEqual([200, "7", "3"]);
  expect(answer.body.toString("utf8")).toBe('{"price":"1€"}');
  expect([answer.body.byteOffset, answer.body.buffer.byteLength]).toEqual([0, answer.body.byteLength]);
  expect(seen.at(-1)).toEqual({ url: "/data", authorization: PROVIDER_KEY });
});

test("a redirect is an answer, never followed (it could carry the key to another host)", async () => {
  const answer = await client.get(`${server.url}/moved`, { Authorization: PROVIDER_KEY });
  expect("status" in answer && answer.status).toBe(302);
  expect(elsewhereHits).toBe(0);
});

test("past the size cap, declared or counted as it streams: too_large", async () => {
  for (const path of ["/declared", "/endless"]) {
    expect(await client.get(server.url + path, {})).toEqual({ failure: "too_large", message: `more than ${MAX} bytes` });
  }
});

test("a compressed answer is decoded, counted against the cap as decoded; an encoding not asked for is a failure", async () => {
  const answer = await client.get(`${server.url}/gzip`, {});
  expect("body" in answer && answer.body.toString("utf8")).toBe('{"rows":[1]}');
  expect(await client.get(`${server.url}/bomb`, {})).toEqual({ failure: "too_large", message: `more than ${MAX} bytes` });
  expect(await client.get(`${server.url}/odd`, {})).toMatchObject({
    failure: "network",
    message: expect.stringContaining("zstd-of-our-own"),
  });
});

test("no answer in time: timeout; nobody listening: network", async () => {
  const impatient = upstreamClient(50, MAX);
  try {
    expect(await impatient.get(`${server.url}/silent`, {})).toMatchObject({ failure: "timeout" });
  } finally {
    impatient.close();
  }
  expect(await client.get(`${await refusedUrl()}/data`, {})).toEqual({ failure: "network", message: "connection refused" });
});

test("a miss keeps the upstream's Buffer as it is: the entry holds no second copy and no string", async () => {
  const bytes = Buffer.from('{"rows":[1,2,3]}');
  let calls = 0;
  const answers = new Answers({
    shared: new MemoryState(Date.now),
    shareAnswers: false,
    now: Date.now,
    metrics: createMetrics(),
    staleMs: 60_000,
    upstreamMs: 5000,
    upstream: async () => {
      calls++;
      return { status: 200, body: bytes };
    },
  });
  const miss = await answers.serve("k", "/v1/x/", 60);
  const hit = await answers.serve("k", "/v1/x/", 60);
  expect([miss.cache, hit.cache, calls]).toEqual(["miss", "hit", 1]);
  expect(miss.body).toBe(bytes);
  expect(hit.body).toBe(bytes);
});

test("the gateway's misses do not go through global fetch", async () => {
  const upstream = await countingUpstream("live");
  const tokens = tokenFile();
  const token = await tokens.add("alice");
  const g = await gateway(upstream.url, { tokenFile: tokens.path });
  const fetchBefore = globalThis.fetch;
  globalThis.fetch = () => Promise.reject(new Error("global fetch used"));
  try {
    const status = await new Promise<number | undefined>((resolve, reject) =>
      http
        .get(`${g.url}/v2/financials/quarterly/BBCA/?n_quarters=4`, { headers: { Authorization: token } }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode));
        })
        .on("error", reject),
    );
    expect([status, upstream.seen.length]).toEqual([200, 1]);
  } finally {
    globalThis.fetch = fetchBefore;
    await g.close();
    await upstream.close();
  }
});
