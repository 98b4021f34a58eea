// `mdq serve` from the built CLI, as `npm start` runs it, on a free port: its banner and base URL,
// and a way to stop it (the tests of the sandbox's command, its editions, the out-of-the-box
// sandbox and the playground share it).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

export const CLI = join(__dirname, "..", "dist", "cli", "mdq.js");

export interface Served {
  /** The banner as printed. */
  banner: string;
  /** The base URL the banner names. */
  base: string;
  /** Ctrl-C (or `signal`), then the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** All it printed so far, its last words after stop included. */
  output(): string;
}

/** The built command in a child, from another working directory (it finds dist/ beside itself). */
function serveChild(args: string[]): ChildProcess {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
  return spawn(process.execPath, [CLI, "serve", ...args], { cwd: __dirname, stdio: ["ignore", "pipe", "pipe"] });
}

/** `mdq serve` that is expected to refuse to start: its exit code and what it wrote to stderr. */
export async function serveRefused(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = serveChild(args);
  let stderr = "";
  child.stderr?.on("data", (c) => (stderr += c));
  const timer = setTimeout(() => child.kill("SIGKILL"), 15000);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearTimeout(timer);
  return { code, stderr };
}

export async function startServe(args: string[] = []): Promise<Served> {
  const child = serveChild(["--port", "0", ...args]);
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
    output: () => out,
    async stop(signal = "SIGINT") {
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 10000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
