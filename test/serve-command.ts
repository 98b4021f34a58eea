// `mdq serve` from the built CLI, as `npm start` runs it, on a free port: its banner and base URL,
// and a way to stop it (the tests of the out-of-the-box sandbox and of the playground share it).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

export const CLI = join(__dirname, "..", "dist", "cli", "mdq.js");

export interface Served {
  /** The banner as printed. */
  banner: string;
  /** The base URL the banner names. */
  base: string;
  /** Ctrl-C, then the exit code. */
  stop(): Promise<number | null>;
}

export async function startServe(args: string[] = []): Promise<Served> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
  // From another working directory: the built command finds dist/ beside itself.
  const child: ChildProcess = spawn(process.execPath, [CLI, "serve", "--port", "0", ...args], {
    cwd: __dirname,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no banner within 15 s: ${out}`)), 15000);
      child.stdout?.on("data", () => {
        if (!out.includes("Ctrl+C")) return;
        clearTimeout(timer);
        resolve();
      });
    });
  } catch (e) {
    child.kill("SIGKILL");
    throw e;
  }
  return {
    banner: out,
    base: /Base URL: (http:\/\/\S+)/.exec(out)![1],
    async stop() {
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
