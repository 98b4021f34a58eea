// Safe defaults at the gateway's edges: secrets never reach git or a container image, the provider
// key never comes back in any encoding (a closed stdout: log-process.test.ts).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type CountingUpstream, countingUpstream, gateway, get, PROVIDER_KEY, tokenFile } from "./harness";

const ROOT = join(__dirname, "..", "..");
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
