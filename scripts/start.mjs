// npm start: the main job. The sandbox (with whatever `mdq serve` mounts beside it) from the built
// command, and the Excel add-in's https dev server, in the foreground until Ctrl-C. When the
// add-in cannot be served (no certificates, port taken) the sandbox still runs.
import { spawn } from "node:child_process";
import { addinLine, startAddinServer } from "./dev-excel.mjs";

const sandbox = spawn(process.execPath, ["dist/cli/mdq.js", "serve", ...process.argv.slice(2)], { stdio: "inherit" });
const addin = await startAddinServer({ port: Number(process.env.MDQ_ADDIN_PORT ?? 3000) });
// After the sandbox's lines (base URL, key, edition, playground): one for the add-in.
console.log(`\n${addinLine(addin)}`);

// Ctrl-C stops the sandbox; its exit closes the add-in server and ends this process.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => sandbox.kill(signal));
sandbox.on("exit", async (code) => {
  await addin.close();
  process.exit(code ?? 0);
});
