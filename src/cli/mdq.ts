// Entry point of the `mdq` bin.
import { main } from "./main";

main({
  argv: process.argv.slice(2),
  env: process.env,
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  // Progress only where a person watches: a pipe or a file gets none.
  progress: process.stderr.isTTY ? (text) => process.stderr.write(text) : undefined,
  fetch: (url, init) => fetch(url, init),
}).then((code) => {
  if (code !== 0 || !process.argv.slice(2).includes("serve")) process.exitCode = code;
});
