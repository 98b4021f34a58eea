// npm run build: everything into dist/. Each front end has its own step; a failing step fails
// the build (non-zero exit), so CI never tests a half-built tree.
//
// A build never leaves a file of dist/ missing or half written while it runs: each step writes
// into a staging folder of its own, whose files then replace the published ones one rename at a
// time (a rename is atomic), and only then are files the new build no longer makes removed. So
// `npx mdq ...` or a browser reload during `npm start` or `npm test` sees the old build or the
// new one, never a gap. While it runs, the build holds dist/.build-<pid>.lock, which bin/mdq.js
// reads to wait for a first build instead of starting a second one.
import { chmodSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { build } from "esbuild";
import { buildExcel } from "./build-excel.mjs";
import { buildPlayground } from "./build-playground.mjs";
import { buildSheets } from "./build-sheets.mjs";

const steps = {
  async cli(out) {
    await build({
      entryPoints: ["src/cli/mdq.ts"],
      outfile: `${out}/mdq.js`,
      bundle: true,
      platform: "node",
      target: "node20",
      format: "cjs",
      banner: { js: "#!/usr/bin/env node" },
      logLevel: "warning",
    });
    chmodSync(`${out}/mdq.js`, 0o755);
  },
  sheets: buildSheets,
  excel: buildExcel,
  playground: buildPlayground,
};

/** Every file below a folder, as paths relative to it. */
function filesBelow(dir) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((path) => statSync(join(dir, path)).isFile());
}

/** Move the staged files over the published ones, then drop the published files not made again. */
function publish(staging, target) {
  const made = new Set(filesBelow(staging));
  for (const path of made) {
    mkdirSync(dirname(join(target, path)), { recursive: true });
    renameSync(join(staging, path), join(target, path));
  }
  for (const path of filesBelow(target)) if (!made.has(path)) unlinkSync(join(target, path));
  rmSync(staging, { recursive: true, force: true });
}

export const LOCK = `dist/.build-${process.pid}.lock`;

export async function buildAll(only = Object.keys(steps)) {
  mkdirSync("dist", { recursive: true });
  writeFileSync(LOCK, String(process.pid));
  try {
    for (const name of only) {
      if (!steps[name]) throw new Error(`no build step "${name}" (steps: ${Object.keys(steps).join(", ")})`);
      // Each step owns dist/<step>: rebuilding one front end leaves the others in place.
      const staging = `dist/.staging-${name}-${process.pid}`;
      rmSync(staging, { recursive: true, force: true });
      mkdirSync(staging, { recursive: true });
      const started = Date.now();
      await steps[name](staging);
      publish(staging, `dist/${name}`);
      console.log(`built ${relative(".", `dist/${name}`)} in ${Date.now() - started} ms`);
    }
  } finally {
    rmSync(LOCK, { force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildAll(process.argv.slice(2).length ? process.argv.slice(2) : undefined).catch((e) => {
    console.error(e?.message ?? e);
    process.exit(1);
  });
}
