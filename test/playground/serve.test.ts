// `mdq serve` from the built CLI (what `npm start` runs): its banner names the playground, and
// the same process serves the page and the Excel bundle it loads. npm run build first.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const CLI = join(__dirname, "..", "..", "dist", "cli", "mdq.js");

test("the banner prints the playground URL, and the page and the functions bundle are served there", async () => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
  // From another working directory: the built command finds dist/ beside itself.
  const child = spawn(process.execPath, [CLI, "serve", "--port", "0"], { cwd: __dirname, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no banner within 15 s: ${out}`)), 15000);
      child.stdout.on("data", () => {
        if (!out.includes("Ctrl+C")) return;
        clearTimeout(timer);
        resolve();
      });
    });
    const base = /Base URL: (http:\/\/\S+)/.exec(out)![1];
    const playground = /Playground .*: (http:\/\/\S+)/.exec(out)![1];
    expect(playground).toBe(`${base}/playground/`);
    const page = await fetch(playground, { signal: AbortSignal.timeout(5000) });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toContain("<title>MDQ playground</title>");
    for (const [path, type] of [
      ["/playground/playground.js", "text/javascript"],
      ["/playground/playground.css", "text/css"],
      ["/excel/functions.js", "text/javascript"],
    ]) {
      const file = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(5000) });
      expect({ path, status: file.status, type: file.headers.get("content-type")?.split(";")[0] }).toEqual({ path, status: 200, type });
    }
    child.kill("SIGINT");
    expect(await exited).toBe(0);
  } finally {
    child.kill("SIGKILL");
  }
});
