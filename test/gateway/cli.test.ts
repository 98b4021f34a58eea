// `mdq gateway token add|list|revoke` and the gateway's help, through the command's own main.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../src/cli/main";
import { hashToken } from "../../src/gateway/tokens";
import { countingUpstream, gateway, startRedis } from "./harness";

async function mdq(argv: string[], env: NodeJS.ProcessEnv = {}, onErr: (text: string) => void = () => undefined) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main({
    argv,
    env,
    out: (t) => out.push(t),
    err: (t) => {
      err.push(t);
      onErr(t);
    },
    fetch: () => Promise.reject(new Error("no request expected")),
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

test("token add shows the token once and stores only its hash; list names it; revoke removes it", async () => {
  const file = join(mkdtempSync(join(tmpdir(), "mdq-gw-cli-")), "tokens.json");
  const added = await mdq(["gateway", "token", "add", "alice", "--tokens", file]);
  expect(added.code).toBe(0);
  const token = /\b(mdqg_[A-Za-z0-9_-]{43})\b/.exec(added.out)?.[1];
  expect(token).toBeDefined();
  const stored = readFileSync(file, "utf8");
  expect(stored).not.toContain(token!);
  expect(stored).toContain(hashToken(token!));
  expect(statSync(file).mode & 0o077).toBe(0);
  expect((await mdq(["gateway", "token", "add", "alice", "--tokens", file])).code).toBe(1);
  const listed = await mdq(["gateway", "token", "list"], { MDQ_GATEWAY_TOKENS: file });
  expect(listed.out).toMatch(/^alice\s+made \d{4}-/);
  expect(listed.out).not.toContain("mdqg_");
  expect((await mdq(["gateway", "token", "revoke", "alice", "--tokens", file])).code).toBe(0);
  expect((await mdq(["gateway", "token", "revoke", "alice", "--tokens", file])).err).toMatch(/no token named alice/);
  expect((await mdq(["gateway", "token", "list", "--tokens", file])).out).toMatch(/no tokens yet/);
});

test("with --redis the tokens are Redis's, shared by every instance", async () => {
  const redis = await startRedis();
  try {
    expect((await mdq(["gateway", "token", "add", "bob", "--redis", redis.url])).code).toBe(0);
    expect((await mdq(["gateway", "token", "list"], { MDQ_REDIS_URL: redis.url })).out).toMatch(/^bob\s+made/);
    expect((await mdq(["gateway", "token", "revoke", "bob", "--redis", redis.url])).code).toBe(0);
  } finally {
    redis.kill();
  }
});

test("help, bad names and bad flags", async () => {
  const help = await mdq(["gateway", "--help"]);
  expect([help.code, help.out]).toEqual([0, expect.stringContaining("mdq gateway token add NAME")]);
  expect((await mdq(["help"])).out).toContain("mdq gateway");
  expect((await mdq(["gateway", "token", "add", "../etc", "--tokens", "/nonexistent/x"])).err).toMatch(/a token name is/);
  expect((await mdq(["gateway", "--rate", "many"])).code).toBe(2);
  expect((await mdq(["gateway", "--bogus", "1"])).code).toBe(2);
  // The provider key is never a flag: ps would show it.
  expect((await mdq(["gateway", "--provider-key", "k"])).err).toMatch(/unknown option --provider-key/);
  expect((await mdq(["gateway", "--upstream", "http://api.example.com", "--port", "0"], { MDQ_PROVIDER_KEY: "k".repeat(40) })).err).toMatch(
    /https/,
  );
});

test("token add says where it stored the token, and that a gateway on Redis does not read the file", async () => {
  const dir = mkdtempSync(join(tmpdir(), "mdq-gw-cli-"));
  const added = await mdq(["gateway", "token", "add", "carol", "--tokens", join(dir, "team.json")]);
  expect(added.out).toContain(`Stored in the token file ${join(dir, "team.json")}`);
  expect(added.out).toMatch(/a gateway started with --redis \(or MDQ_REDIS_URL\) does not/);
  const redis = await startRedis();
  try {
    const port = new URL(redis.url).port;
    expect((await mdq(["gateway", "token", "add", "dan", "--redis", redis.url])).out).toContain(`Stored in Redis at 127.0.0.1:${port}`);
  } finally {
    redis.kill();
  }
});

test("a token the gateway does not know: the front end says this gateway refused it and to ask its administrator, not the provider's plan", async () => {
  const redis = await startRedis();
  const upstream = await countingUpstream();
  const g = await gateway(upstream.url, { redisUrl: redis.url });
  try {
    // Added to a token file, which a gateway on Redis does not read.
    const file = join(mkdtempSync(join(tmpdir(), "mdq-gw-cli-")), "tokens.json");
    const token = /\b(mdqg_[A-Za-z0-9_-]{43})\b/.exec((await mdq(["gateway", "token", "add", "erin", "--tokens", file])).out)![1];
    const out: string[] = [];
    const code = await main({
      argv: ["QUARTERLY", "BBCA", "4"],
      env: { MDQ_BASE_URL: g.url, MDQ_API_KEY: token, MDQ_EDITION: "spec" },
      out: (t) => out.push(t),
      err: (t) => out.push(t),
      fetch: (url, init) => fetch(url, init),
    });
    expect(code).not.toBe(0);
    const said = out.join("\n");
    expect(said).toMatch(/your team's gateway refused the key \(401\): this gateway does not know this token/);
    expect(said).toMatch(/ask this gateway's administrator/);
    expect(said).not.toMatch(/plan|credits/);
    expect(upstream.seen).toEqual([]);
  } finally {
    await g.close();
    await upstream.close();
    redis.kill();
  }
});

test("token add held up by a running command's lock says on stderr what it waits for, and goes on once that process ends", async () => {
  const file = join(mkdtempSync(join(tmpdir(), "mdq-gw-cli-")), "tokens.json");
  const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  const ended = new Promise<void>((resolve) => holder.once("exit", () => resolve()));
  try {
    mkdirSync(`${file}.lock`);
    const owner = { pid: holder.pid, host: hostname(), since: Date.now(), id: "theirs" };
    writeFileSync(join(`${file}.lock`, "owner.json"), JSON.stringify(owner));
    // The holder ends once the waiter has said what it waits for.
    const added = await mdq(["gateway", "token", "add", "fern", "--tokens", file], {}, (text) => {
      if (text.includes("waiting for")) holder.kill("SIGKILL");
    });
    expect(added.code).toBe(0);
    expect(added.out).toMatch(/Token for fern/);
    expect(added.err.split("\n")).toEqual([
      expect.stringMatching(
        new RegExp(
          `^mdq gateway: waiting for the token file's lock \\(${file}\\.lock\\), held by process ${holder.pid} since \\d\\d:\\d\\d:\\d\\d: taken over as soon as that process ends$`,
        ),
      ),
      `mdq gateway: the token file's lock (${file}.lock) was left by process ${holder.pid}, which has ended: taken over`,
    ]);
  } finally {
    holder.kill("SIGKILL");
    await ended;
  }
}, 20_000);
