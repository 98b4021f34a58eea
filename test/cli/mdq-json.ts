// The built mdq command run once with --format json: its exit code, the 2-D array it printed and
// what it said on stderr (the tests of VALUE share it).

import { execFile } from "node:child_process";
import { join } from "node:path";
import { SPEC_EDITION } from "./spec-edition";

const BIN = join(__dirname, "..", "..", "dist", "cli", "mdq.js");

/** `env`: variables beside PATH (none by default: the command's own defaults). `nodeArgs`: Node's
 *  own options before the command (a `--require` preload: mdq-at.ts). */
export function mdqJson(
  args: string[],
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<{ code: number; out: unknown; stderr: string }> {
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      [...nodeArgs, BIN, ...args, "--format", "json"],
      { env: { PATH: process.env.PATH, ...SPEC_EDITION, ...env }, timeout: 40_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === "number" ? error.code : 1) : 0,
          out: stdout ? JSON.parse(stdout) : undefined,
          stderr,
        }),
    ),
  );
}
