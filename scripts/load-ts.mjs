// Load a TypeScript module from a script: bundle it with esbuild in memory, then evaluate it.
// Each module keeps its own __dirname (esbuild gives a bundle one scope, so it is written in).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { build } from "esbuild";

const ownDirname = {
  name: "own-dirname",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const text = await readFile(path, "utf8");
      const prefix = /\b__(dirname|filename)\b/.test(text)
        ? `const __dirname = ${JSON.stringify(dirname(path))}; const __filename = ${JSON.stringify(path)};\n`
        : "";
      return { contents: prefix + text, loader: "ts" };
    });
  },
};

export async function loadTs(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "cjs",
    packages: "external",
    write: false,
    logLevel: "warning",
    plugins: [ownDirname],
  });
  const module = { exports: {} };
  const require = createRequire(`${process.cwd()}/${entry}`);
  new Function("module", "exports", "require", result.outputFiles[0].text)(module, module.exports, require);
  return module.exports;
}
