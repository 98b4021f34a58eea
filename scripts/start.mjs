// npm start: the main job. Runs the local sandbox (and what later front ends mount beside it)
// from the built command, in the foreground, until Ctrl-C.
import { spawn } from "node:child_process";

const child = spawn(process.execPath, ["dist/cli/mdq.js", "serve", ...process.argv.slice(2)], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
