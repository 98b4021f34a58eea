// npm run build: everything into dist/. Each front end has its own step; a failing step fails
// the build (non-zero exit), so CI never tests a half-built tree.
//
// A build never leaves a file of dist/ missing or half written while it runs: each step writes
// into a staging folder of its own, whose files then replace the published ones one rename at a
// time (a rename is atomic), and only then are files the new build no longer makes removed. So
// `npx mdq ...` or a browser reload during `npm start` or `npm test` sees the old build or the
// new one, never a gap. While it runs, the build holds dist/.build-<pid>.lock, which bin/mdq.js
// reads to wait for a first build instead of starting a second one.
//
//   node scripts/build.mjs [step ...] [--origin URL] [--base-url URL [--edition E]] [--dist FOLDER]
// --origin (or MDQ_ADDIN_ORIGIN): the https address the Excel add-in will be served from; its
// manifest and help links are written on it (npm run build:excel -- --origin https://host/path).
// --base-url, --edition (or MDQ_ADDIN_BASE_URL, MDQ_ADDIN_EDITION): a team's build, whose add-in
// starts on the team's gateway (and edition) instead of the local sandbox (team-defaults.ts).
// --dist: build into FOLDER/<step> instead of dist/<step>, leaving dist/ as it is.
import { chmodSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { build } from "esbuild";
import { buildExcel } from "./build-excel.mjs";
import { buildPlayground } from "./build-playground.mjs";
import { buildSheets } from "./build-sheets.mjs";
import { loadTs } from "./load-ts.mjs";

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

/** Build the steps into `dist` (dist/ by default); `origin` is the Excel add-in's (checked first). */
export async function buildAll(only = Object.keys(steps), { origin, dist = "dist", "base-url": baseUrl, edition } = {}) {
  for (const name of only) if (!steps[name]) throw new Error(`no build step "${name}" (steps: ${Object.keys(steps).join(", ")})`);
  const { addinOriginOf } = await loadTs("scripts/addin-origin.ts");
  const { teamDefaultsOf } = await loadTs("scripts/team-defaults.ts");
  // Checked before anything is built, so a bad origin or base URL leaves the last build in place.
  const options = { origin: addinOriginOf(origin, process.env), team: teamDefaultsOf(baseUrl, edition, process.env) };
  const lock = join(dist, `.build-${process.pid}.lock`);
  mkdirSync(dist, { recursive: true });
  writeFileSync(lock, String(process.pid));
  try {
    for (const name of only) {
      // Each step owns dist/<step>: rebuilding one front end leaves the others in place.
      const staging = join(dist, `.staging-${name}-${process.pid}`);
      rmSync(staging, { recursive: true, force: true });
      mkdirSync(staging, { recursive: true });
      const started = Date.now();
      await steps[name](staging, options);
      publish(staging, join(dist, name));
      const team = options.team ? `; default base URL ${options.team.baseUrl}, edition ${options.team.edition}` : "";
      const note = name === "excel" ? ` (add-in URLs on ${options.origin}${team})` : "";
      console.log(`built ${relative(".", join(dist, name))} in ${Date.now() - started} ms${note}`);
    }
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Step names, --origin URL (or --origin=URL), --base-url URL, --edition EDITION and --dist
 *  FOLDER from the command line. */
export function parseBuildArgs(args) {
  const only = [];
  const options = {};
  for (let i = 0; i < args.length; i++) {
    const flag = /^--(origin|dist|base-url|edition)(?:=(.*))?$/.exec(args[i]);
    if (!flag) {
      if (args[i].startsWith("-"))
        throw new Error(`unknown option ${args[i]} (options: --origin URL, --base-url URL, --edition EDITION, --dist FOLDER)`);
      only.push(args[i]);
      continue;
    }
    const value = flag[2] ?? args[++i];
    if (!value) throw new Error(`--${flag[1]} needs a value`);
    options[flag[1]] = value;
  }
  return { only: only.length ? only : undefined, options };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  Promise.resolve()
    .then(() => {
      const { only, options } = parseBuildArgs(process.argv.slice(2));
      return buildAll(only, options);
    })
    .catch((e) => {
      console.error(e?.message ?? e);
      process.exit(1);
    });
}
