// A figure's work in a fresh Node process of its own, so that its CPU time and memory are its
// alone: the script of this folder, bundled in memory, comes on stdin, the job in an environment
// variable, and the report back as JSON on stdout.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { workerBundle } from "../harness/workers";

/** `file` of this folder bundled once, the harness finding its files next to itself. */
export function childScript(file: string): () => string {
  let code: string | undefined;
  return () =>
    (code ??= workerBundle({
      entryPoints: [join(__dirname, file)],
      define: { __dirname: JSON.stringify(join(__dirname, "..", "harness")) },
    }));
}

/** Runs `script` with `job` as JSON in the variable `variable`; resolves with what it prints. */
export function inChild<T>(script: string, variable: string, job: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ["-"], {
      env: { ...process.env, [variable]: JSON.stringify(job) },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    proc.stdout.on("data", (d) => (out += d));
    proc.stderr.on("data", (d) => (err += d));
    proc.on("close", (code) => (code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`child exited ${code}: ${err}`))));
    proc.stdin.end(script);
  });
}
