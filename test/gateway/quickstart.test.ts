// docs/gateway.md's quick start, as a new user runs it: the gateway in front of the local sandbox
// with one command, no provider key and no network; a token added beside it; a request answered.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../src/cli/main";
import { get } from "./harness";

const BIN = join(__dirname, "..", "..", "dist", "cli", "mdq.js");

test("mdq gateway --sandbox: no provider key, a token from token add, answers from the sandbox's live edition", async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build (npm test builds it first)`);
  const folder = mkdtempSync(join(tmpdir(), "mdq-gw-quick-"));
  const child = spawn(process.execPath, [BIN, "gateway", "--sandbox", "--port", "0"], {
    cwd: folder,
    env: { PATH: process.env.PATH },
    stdio: ["ignore", "ignore", "pipe"],
  });
  try {
    const banner = await new Promise<string>((resolve, reject) => {
      let said = "";
      child.stderr.on("data", (d) => {
        said += String(d);
        if (said.includes("Ctrl+C")) resolve(said);
      });
      child.once("exit", (code) => reject(new Error(`the gateway exited (${code}): ${said}`)));
    });
    expect(banner).toMatch(/the local sandbox at http:\/\/127\.0\.0\.1:\d+ \(live edition, its demo key\)/);
    expect(banner).toContain(join(folder, "mdq-gateway-tokens.json"));
    const url = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)![1];
    const said: string[] = [];
    const added = await main({
      argv: ["gateway", "token", "add", "me", "--tokens", join(folder, "mdq-gateway-tokens.json")],
      env: {},
      out: (t) => said.push(t),
      err: (t) => said.push(t),
      fetch: () => Promise.reject(new Error("none")),
    });
    expect(added).toBe(0);
    const token = /\b(mdqg_[A-Za-z0-9_-]{43})\b/.exec(said.join("\n"))![1];
    // The gateway reads a new token file within a second: asked until it does, a bounded number of times.
    let answer = await get(url, "/v2/subsectors/", token);
    for (let i = 0; i < 50 && answer.status === 401; i++) {
      await new Promise((r) => setTimeout(r, 100));
      answer = await get(url, "/v2/subsectors/", token);
    }
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).length).toBeGreaterThan(0);
  } finally {
    child.kill("SIGINT");
  }
}, 60_000);

test("--sandbox and --upstream do not go together", async () => {
  const said: string[] = [];
  const code = await main({
    argv: ["gateway", "--sandbox", "--upstream", "https://api.example.com"],
    env: {},
    out: (t) => said.push(t),
    err: (t) => said.push(t),
    fetch: () => Promise.reject(new Error("none")),
  });
  expect([code, said.join("\n")]).toEqual([2, expect.stringMatching(/--sandbox and --upstream/)]);
});
