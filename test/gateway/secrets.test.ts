// Secrets at the gateway's edges: Redis's password given apart from its URL (never on a command
// line) and never repeated in a message however it is spelled; key and password files read
// strictly (the key alone, or its one .env line; readable by their owner only); the provider key
// redacted from what the upstream says however it is echoed.
import { type ChildProcessWithoutNullStreams, execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@redis/client";
import { main } from "../../src/cli/main";
import { KeyRedactor } from "../../src/gateway/redact";
import { redisWhere } from "../../src/gateway/redis-url";
import { readSecretFile } from "../../src/gateway/secret-file";
import {
  addressIn,
  banner,
  countingUpstream,
  gateway,
  gatewayProcess,
  get,
  PROVIDER_KEY,
  type RedisServer,
  startRedis,
  tokenFile,
} from "./harness";

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

test("a Redis that cannot be reached: the message shows neither the URL's user nor the password", async () => {
  const refused = await mdq(["gateway", "token", "list", "--redis", "redis://admin@127.0.0.1:1"], { MDQ_REDIS_PASSWORD: "s3cr@t" });
  expect(refused.code).toBe(1);
  expect(refused.said).toContain("127.0.0.1:1");
  expect(refused.said).not.toMatch(/s3cr|t@|admin/);
}, 20_000);

test("a password in --redis or MDQ_REDIS_URL is refused at start, naming the ways to give it and never showing it", async () => {
  const urls = [
    "redis://:s3cr@t@127.0.0.1:1",
    "redis://admin:pa55word@127.0.0.1:1/0",
    `rediss://u:${encodeURIComponent("p@ss")}@127.0.0.1:1`,
  ];
  for (const url of urls) {
    for (const run of [
      () => mdq(["gateway", "token", "list", "--redis", url]),
      () => mdq(["gateway", "pause", "--redis", url]),
      () => mdq(["gateway", "--port", "0"], { MDQ_REDIS_URL: url, MDQ_PROVIDER_KEY: PROVIDER_KEY }),
    ]) {
      const refused = await run();
      expect(refused.code).not.toBe(0);
      expect(refused.said).toMatch(/holds a password/);
      expect(refused.said).toContain("MDQ_REDIS_PASSWORD");
      expect(refused.said).toContain("--redis-password-file");
      expect(refused.said).toContain("127.0.0.1:1");
      expect(refused.said).not.toMatch(/s3cr|pa55|p@ss|p%40ss|admin/);
    }
  }
});

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

  test("a Redis ACL user stays in the URL, its password given apart", async () => {
    const client = createClient({ url: redis.url, password: PASSWORD });
    await client.connect();
    await client.sendCommand(["ACL", "SETUSER", "analyst", "on", ">analyst-pw", "~*", "&*", "+@all"]);
    client.destroy();
    const url = redis.url.replace("redis://", "redis://analyst@");
    const added = await mdq(["gateway", "token", "add", "hana", "--redis", url], { MDQ_REDIS_PASSWORD: "analyst-pw" });
    expect([added.code, added.said]).toEqual([0, expect.stringContaining("Token for hana")]);
    expect(added.said).not.toMatch(/analyst/);
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

/** A file holding `text`, with `mode`. */
function secretFile(text: string, mode = 0o600): string {
  const file = join(mkdtempSync(join(tmpdir(), "mdq-gw-key-")), "provider-key");
  writeFileSync(file, text, { mode });
  chmodSync(file, mode); // whatever the umask left
  return file;
}

const KEY_FILE = { flag: "--provider-key-file", what: "the provider key", variable: "MDQ_PROVIDER_KEY" };

describe("a key file holds the key alone", () => {
  test.each([
    ["the key", `${PROVIDER_KEY}\n`],
    ["the key, CRLF and blank lines", `\r\n  ${PROVIDER_KEY}  \r\n\r\n`],
    ["its .env line", `MDQ_PROVIDER_KEY=${PROVIDER_KEY}\n`],
    ["its exported line", `export MDQ_PROVIDER_KEY=${PROVIDER_KEY}`],
    ["double-quoted", `MDQ_PROVIDER_KEY="${PROVIDER_KEY}"`],
    ["single-quoted", `MDQ_PROVIDER_KEY = '${PROVIDER_KEY}'\n`],
  ])("%s: read as the key", (_, text) => {
    expect(readSecretFile(secretFile(text), KEY_FILE)).toBe(PROVIDER_KEY);
  });

  test("base64 padding is not a NAME=value line; a key that looks like one is written after its name", () => {
    expect(readSecretFile(secretFile("c2VjcmV0LWtleQ=="), KEY_FILE)).toBe("c2VjcmV0LWtleQ==");
    expect(readSecretFile(secretFile("MDQ_PROVIDER_KEY=a=b=c"), KEY_FILE)).toBe("a=b=c");
  });

  test.each([
    ["another name", `OTHER_KEY=${PROVIDER_KEY}\n`, /holds a line OTHER_KEY=\.\.\. \(not shown\), not MDQ_PROVIDER_KEY=\.\.\./],
    ["a key holding =", "sk9Fq2=Zx81pQ\n", /holds a line NAME=value \(not shown: it may be the key itself\)/],
    ["two lines", `# the provider's key\n${PROVIDER_KEY}\n`, /has 2 lines/],
    ["an .env file", `MDQ_PROVIDER_KEY=${PROVIDER_KEY}\nMDQ_REDIS_PASSWORD=${PROVIDER_KEY}\n`, /has 2 lines/],
    ["nothing", "\n \n", /is empty/],
    ["no value", 'MDQ_PROVIDER_KEY=""', /MDQ_PROVIDER_KEY= with no value/],
    ["its value left out", "MDQ_PROVIDER_KEY=\n", /MDQ_PROVIDER_KEY= with no value/],
  ])("%s: refused naming the file and what it must hold, never its text", (_, text, why) => {
    const file = secretFile(text);
    expect(() => readSecretFile(file, KEY_FILE)).toThrow(why);
    const said = (() => {
      try {
        readSecretFile(file, KEY_FILE);
        return "";
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(said).toContain(file);
    expect(said).toContain("--provider-key-file");
    expect(said).toMatch(/it must hold the provider key alone, on one line \(or the one line MDQ_PROVIDER_KEY=\.\.\.\)/);
    expect(said).not.toContain(PROVIDER_KEY.slice(-16));
    expect(said).not.toMatch(/sk9Fq2|Zx81pQ/);
  });

  test.each([0o644, 0o640, 0o604, 0o660, 0o666])("mode 0%o: refused naming the mode and chmod 600", (mode) => {
    const file = secretFile(PROVIDER_KEY, mode);
    expect(() => readSecretFile(file, KEY_FILE)).toThrow(
      `the provider key file ${file} (--provider-key-file) may be read or written by other users (mode 0${mode.toString(8)}): run chmod 600 ${file}`,
    );
    // Windows has no such modes: not looked at there.
    expect(readSecretFile(file, KEY_FILE, "win32")).toBe(PROVIDER_KEY);
  });

  test("0600 and 0400 are the owner's alone", () => {
    expect(readSecretFile(secretFile(PROVIDER_KEY, 0o400), KEY_FILE)).toBe(PROVIDER_KEY);
  });

  test("the command refuses a key file with another name, a 0644 one, and a Redis password file the same way", async () => {
    const other = secretFile(`OTHER=${PROVIDER_KEY}`);
    const named = await mdq(["gateway", "--port", "0", "--provider-key-file", other]);
    expect(named.code).toBe(1);
    expect(named.said).toContain(`the provider key file ${other} (--provider-key-file) holds a line OTHER=... (not shown)`);
    expect(named.said).not.toContain(PROVIDER_KEY);
    const open = secretFile(PROVIDER_KEY, 0o644);
    const shared = await mdq(["gateway", "--port", "0", "--provider-key-file", open]);
    expect(shared.said).toContain(`(mode 0644): run chmod 600 ${open}`);
    const password = secretFile("REDIS_PASSWORD=hunter2-hunter2", 0o600);
    const redis = await mdq(["gateway", "token", "list", "--redis", "redis://127.0.0.1:1", "--redis-password-file", password]);
    expect(redis.code).toBe(1);
    expect(redis.said).toContain(
      `the Redis password file ${password} (--redis-password-file) holds a line REDIS_PASSWORD=... (not shown), not MDQ_REDIS_PASSWORD=...`,
    );
    expect(redis.said).not.toContain("hunter2");
  });
});

test("a key file holding MDQ_PROVIDER_KEY=... sends the key alone upstream", async () => {
  const upstream = await countingUpstream();
  const tokens = tokenFile();
  const token = await tokens.add("gita");
  let child: ChildProcessWithoutNullStreams | undefined;
  try {
    const keyFile = secretFile(`export MDQ_PROVIDER_KEY="${PROVIDER_KEY}"\n`);
    child = gatewayProcess(["--port", "0", "--upstream", upstream.url, "--tokens", tokens.path, "--provider-key-file", keyFile], {
      env: { PATH: process.env.PATH },
      stdout: "ignore",
    });
    const url = addressIn(await banner(child));
    expect((await get(url, "/v1/klse/companies/top/", token)).status).toBe(200);
    expect([...upstream.keys]).toEqual([PROVIDER_KEY]);
  } finally {
    child?.kill("SIGKILL");
    await upstream.close();
  }
}, 30_000);

describe("the provider key echoed by the upstream", () => {
  const redactor = new KeyRedactor(PROVIDER_KEY);
  const reversed = [...PROVIDER_KEY].reverse().join("");
  const hex = Buffer.from(PROVIDER_KEY, "utf8").toString("hex");

  test.each([
    ["reversed", reversed],
    ["reversed, upper case", reversed.toUpperCase()],
    ["reversed, cut short", reversed.slice(5, 20)],
    ["spaced out", [...PROVIDER_KEY].join(" ")],
    ["spaced by dashes", [...PROVIDER_KEY].join("-")],
    ["spaced by dots, cut short", [...PROVIDER_KEY.slice(14, 30)].join(".")],
    ["spaced by colons, upper case", [...PROVIDER_KEY.toUpperCase()].join(":")],
    ["a JSON list of its characters", JSON.stringify([...PROVIDER_KEY])],
    ["spaced out and reversed", [...reversed].join(" ")],
    ["hex", hex],
    ["HEX", hex.toUpperCase()],
    ["hex at an odd digit", `a${hex}`],
    ["hex, cut short", hex.slice(20, 60)],
    ["hex pairs with colons", hex.match(/../g)!.join(":")],
    ["hex pairs with spaces, upper case", hex.toUpperCase().match(/../g)!.join(" ")],
    ["0x hex", `0x${hex}`],
    ["hex of the reversed key", Buffer.from(reversed).toString("hex")],
  ])("%s: replaced by [key], the text around it kept", (_, echoed) => {
    const said = redactor.redact(`the key ${echoed} was refused`);
    // What is left around [key]: a prefix read as hex ("a", "0x"), a JSON list's brackets.
    expect(said).toMatch(/^the key (?:[a0]x?|\[")?\[key\](?:"\])? was refused$/);
  });

  test("ordinary market text is not touched, even where it shares pieces of fewer than 8 characters with the key", () => {
    const texts = [
      "p r o v i d e",
      "r e d i v o r",
      "BBCA.JK closed at 9,875.00 (+1.2%) on 2024-05-02; volume 12,345,678",
      "0 1 2 3 4 5 6",
      "a-b-c-d-e-f-x-y-z",
      "request id 6b65792d303132 at 2024-05-02T03:00:00Z",
      "deadbeefcafebabe0f1e2d3c4b5a6978",
      "key-012 and 4567 and abcdef",
      "S.G.X, K.L.S.E. and I.D.X: 1.5.2.0.7.3.9.8.4",
      "provide-key 012 and 6f72702d",
    ];
    for (const text of texts) expect(redactor.redact(text)).toBe(text);
  });

  test("a short key (under 8 characters) is looked for whole only, never spaced or in hex", () => {
    const short = new KeyRedactor("abc1");
    for (const text of ["a b c 1 d e f", "61626331", "1 c b a"]) expect(short.redact(text)).toBe(text);
  });
});

test("the built command reads its key file strictly too", () => {
  // The bundle is what operators run: a quick check that it carries the strict reading.
  const file = secretFile(`OTHER=${PROVIDER_KEY}`);
  let said = "";
  try {
    execFileSync(process.execPath, [join(__dirname, "..", "..", "dist", "cli", "mdq.js"), "gateway", "--provider-key-file", file], {
      env: { PATH: process.env.PATH },
      encoding: "utf8",
      stdio: "pipe",
      timeout: 20_000,
    });
  } catch (e) {
    said = String((e as { stderr?: string }).stderr);
  }
  expect(said).toContain("holds a line OTHER=... (not shown)");
});
