// npm run build: everything into dist/. Each front end has its own step; a failing step fails
// the build (non-zero exit), so CI never tests a half-built tree.
import { chmodSync, mkdirSync, rmSync } from "node:fs";
import { build } from "esbuild";
import { buildSheets } from "./build-sheets.mjs";
import { buildExcel } from "./build-excel.mjs";
import { buildPlayground } from "./build-playground.mjs";

const steps = {
  async cli() {
    await build({
      entryPoints: ["src/cli/mdq.ts"],
      outfile: "dist/cli/mdq.js",
      bundle: true,
      platform: "node",
      target: "node20",
      format: "cjs",
      banner: { js: "#!/usr/bin/env node" },
      logLevel: "warning",
    });
    chmodSync("dist/cli/mdq.js", 0o755);
  },
  sheets: buildSheets,
  excel: buildExcel,
  playground: buildPlayground,
};

export async function buildAll(only = Object.keys(steps)) {
  for (const name of only) {
    // Each step owns dist/<step>: rebuilding one front end leaves the others in place.
    rmSync(`dist/${name}`, { recursive: true, force: true });
    mkdirSync(`dist/${name}`, { recursive: true });
    const started = Date.now();
    await steps[name]();
    console.log(`built ${name} in ${Date.now() - started} ms`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildAll(process.argv.slice(2).length ? process.argv.slice(2) : undefined).catch((e) => {
    console.error(e?.message ?? e);
    process.exit(1);
  });
}
