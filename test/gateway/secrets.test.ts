// Secrets at the gateway's edges: Redis's password given apart from its URL (never on a command
// line) and never repeated in a message however it is spelled.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@redis/client";
import { main } from "../../src/cli/main";
import { redisWhere } from "../../src/gateway/redis-url";
import { countingUpstream, gateway, get, type RedisServer, startRedis } from "./harness";

async function mdq(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const said: string[] = [];
  const code = await main({
    argv,
    env,
    out: (t) => said.push(t),
    err: (t) => said.push(t),
    fetch: () => Promise.reject(new Error("none")),
  });
  return { code, said: said.join("\n") };
}

/** Passwords with the characters that cut a URL where a hand-written pattern expects them. */
const PASSWORDS = ["s3cr@t", "pa/ss@w0rd", "p:a:ss@x", "x@y@z"];

test("messages name Redis by host:port, never a piece of its password", () => {
  for (const password of PASSWORDS) {
    const where = redisWhere(`redis://user:${password}@redis.example:6380/0`);
    // host:port, or nothing of the URL where it does not parse (a raw / ends the host early).
    expect(where === "redis.example:6380" || where.includes("not shown")).toBe(true);
  }
  expect(redisWhere("redis://:s3cr@t@redis.example:6380")).toBe("redis.example:6380");
  expect(redisWhere(`redis://:${encodeURIComponent("pa/ss")}@10.0.0.2:6379`)).toBe("10.0.0.2:6379");
});

test("a Redis that cannot be reached: the message shows neither the URL's user nor its password", async () => {
  const refused = await mdq(["gateway", "token", "list", "--redis", "redis://admin:s3cr@t@127.0.0.1:1"]);
  expect(refused.code).toBe(1);
  expect(refused.said).toContain("127.0.0.1:1");
  expect(refused.said).not.toMatch(/s3cr|t@|admin/);
}, 20_000);

describe("a Redis with a password", () => {
  const PASSWORD = "p@ss:w/rd#1";
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
    const client = createClient({ url: redis.url });
    await client.connect();
    await client.sendCommand(["CONFIG", "SET", "requirepass", PASSWORD]);
    client.destroy();
  });
  afterAll(() => redis?.kill());

  test("is given by MDQ_REDIS_PASSWORD or --redis-password-file, never in the URL", async () => {
    expect((await mdq(["gateway", "token", "add", "fay", "--redis", redis.url], { MDQ_REDIS_PASSWORD: PASSWORD })).code).toBe(0);
    const file = join(mkdtempSync(join(tmpdir(), "mdq-gw-pw-")), "redis-password");
    writeFileSync(file, `${PASSWORD}\n`, { mode: 0o600 });
    const listed = await mdq(["gateway", "token", "list", "--redis", redis.url, "--redis-password-file", file]);
    expect([listed.code, listed.said]).toEqual([0, expect.stringMatching(/^fay\s+made/)]);
    const wrong = await mdq(["gateway", "token", "list", "--redis", redis.url], { MDQ_REDIS_PASSWORD: "not-it" });
    expect(wrong.code).toBe(1);
    expect(wrong.said).not.toContain("not-it");
    expect(wrong.said).toMatch(/WRONGPASS/);
  });

  test("a gateway started with it shares through Redis", async () => {
    const upstream = await countingUpstream();
    const g = await gateway(upstream.url, { redisUrl: redis.url, redisPassword: PASSWORD });
    try {
      expect(JSON.parse((await get(g.url, "/readyz")).body)).toMatchObject({ ready: true, mode: "shared" });
    } finally {
      await g.close();
      await upstream.close();
    }
  });
});
