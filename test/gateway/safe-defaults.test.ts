// Safe defaults at the gateway's edges: secrets never reach git or a container image, the provider
// key never comes back in any encoding, and a closed stdout never ends the gateway.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type CountingUpstream, countingUpstream, gateway, get, PROVIDER_KEY, tokenFile } from "./harness";

const ROOT = join(__dirname, "..", "..");
const BIN = join(ROOT, "dist", "cli", "mdq.js");
const SECRETS = [
  ".env",
  ".env.production",
  "tls/privkey.pem",
  "fullchain.pem",
  "mdq-gateway-tokens.json",
  "data/mdq-gateway-tokens.json.lock",
];

test("git ignores .env, PEM files and the token file (with its lock and temporary files)", () => {
  const ignored = execFileSync("git", ["check-ignore", "--no-index", ...SECRETS], { cwd: ROOT, encoding: "utf8" });
  expect(ignored.trim().split("\n")).toEqual(SECRETS);
});

/** Docker's .dockerignore rule: patterns from the context's root, `**` any folders, `*` within one. */
const dockerIgnores = (path: string) =>
  readFileSync(join(ROOT, ".dockerignore"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#") && !line.startsWith("!"))
    .some((pattern) => {
      const body = pattern
        .replace(/[.+^${}()|[\]\\]/g, "\\$&")
        .replace(/\*\*\//g, "\u0000")
        .replace(/\*/g, "[^/]*")
        .replace(/\?/g, "[^/]")
        .replace(/\u0000/g, "(?:.*/)?");
      return new RegExp(`^${body}(?:/.*)?$`).test(path);
    });

test("the image is built without secrets: .dockerignore leaves them out, the build stage copies only sources", () => {
  for (const path of SECRETS) expect([path, dockerIgnores(path)]).toEqual([path, true]);
  expect(dockerIgnores("src/gateway/cli.ts")).toBe(false);
  const dockerfile = readFileSync(join(ROOT, "Dockerfile"), "utf8");
  expect(dockerfile).not.toMatch(/^COPY\s+\.\s/m);
});

describe("an upstream that echoes the provider key", () => {
  let upstream: CountingUpstream;
  beforeAll(async () => {
    upstream = await countingUpstream();
  });
  afterAll(() => upstream?.close());

  const ENCODED = {
    "percent-encoded": [...PROVIDER_KEY].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join(""),
    "JSON-escaped": [...PROVIDER_KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join(""),
    "in a Basic header": `Basic ${Buffer.from(`user:${PROVIDER_KEY}`).toString("base64")}`,
    base64url: Buffer.from(`xx${PROVIDER_KEY}`).toString("base64url"),
  };

  test.each(Object.entries(ENCODED))("%s: the answer has [key] instead", async (_, echoed) => {
    const tokens = tokenFile();
    const token = await tokens.add("olga");
    const g = await gateway(upstream.url, { tokenFile: tokens.path });
    try {
      upstream.script = () => [400, JSON.stringify({ error: "rejected" }).replace("rejected", `rejected ${echoed} here`)];
      const answer = await get(g.url, "/v1/news/", token);
      expect(answer.status).toBe(400);
      expect(answer.body).toContain("[key]");
      const said = JSON.parse(answer.body).error as string;
      // Nothing of the key, decoded in any of these forms, is left.
      const left = said.replace(/^rejected |here$/g, "");
      for (const decoded of [decodeURIComponent(left), JSON.parse(`"${left.replace(/"/g, "")}"`)])
        expect(decoded).not.toContain(PROVIDER_KEY.slice(0, 12));
      expect(Buffer.from(left.replace(/^Basic /, ""), "base64").toString("latin1")).not.toContain(PROVIDER_KEY.slice(4, 16));
    } finally {
      upstream.script = undefined;
      await g.close();
    }
  });
});

test("a closed stdout (mdq gateway | head -1) does not end the gateway: it goes on answering", async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build (npm test builds it first)`);
  const upstream = await countingUpstream();
  const tokens = tokenFile();
  const token = await tokens.add("pat");
  const child: ChildProcess = spawn(
    process.execPath,
    [BIN, "gateway", "--port", "0", "--upstream", upstream.url, "--tokens", tokens.path],
    {
      env: { PATH: process.env.PATH, MDQ_PROVIDER_KEY: PROVIDER_KEY },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let said = "";
      child.stderr!.on("data", (d) => {
        said += String(d);
        const found = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(said);
        if (found) resolve(found[1]);
      });
      child.once("exit", (code) => reject(new Error(`the gateway exited (${code}): ${said}`)));
    });
    // The reader goes away, as `head -1` does after its line.
    child.stdout!.destroy();
    let exited = false;
    child.once("exit", () => {
      exited = true;
    });
    for (let i = 0; i < 10; i++) expect((await get(url, "/v1/news/", token)).status).toBe(200);
    expect((await get(url, "/healthz")).status).toBe(200);
    expect(exited).toBe(false);
  } finally {
    child.kill("SIGKILL");
    await upstream.close();
  }
}, 60_000);
