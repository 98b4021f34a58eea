// docs/gateway.md's quick start, as a new user runs it: the gateway in front of the local sandbox
// with one command, no provider key and no network; a token added beside it; a request answered.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../src/cli/main";
import { addressIn, banner, freePort, gatewayProcess, get } from "./harness";

test("mdq gateway --sandbox: no provider key, a token from token add, answers from the sandbox's live edition", async () => {
  const folder = mkdtempSync(join(tmpdir(), "mdq-gw-quick-"));
  // Its admin listener on a free port (the command's 9790 may be another test's).
  const child = gatewayProcess(["--sandbox", "--port", "0", "--metrics-port", String(await freePort())], {
    cwd: folder,
    env: { PATH: process.env.PATH },
  });
  try {
    const shown = await banner(child);
    expect(shown).toMatch(/the local sandbox at http:\/\/127\.0\.0\.1:\d+ \(live edition, its demo key\)/);
    expect(shown).toContain(join(folder, "mdq-gateway-tokens.json"));
    const url = addressIn(shown);
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
