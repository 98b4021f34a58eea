// Load a TypeScript module from a script: bundle it with esbuild in memory, then evaluate it.
import { createRequire } from "node:module";
import { build } from "esbuild";

export async function loadTs(entry) {
  const result = await build({ entryPoints: [entry], bundle: true, platform: "node", format: "cjs", write: false, logLevel: "warning" });
  const module = { exports: {} };
  const require = createRequire(`${process.cwd()}/${entry}`);
  new Function("module", "exports", "require", result.outputFiles[0].text)(module, module.exports, require);
  return module.exports;
}
