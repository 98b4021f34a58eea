// Before the tests: the gateway tests start Debian's redis-server (two gateway instances sharing
// one Redis). Found: nothing to do. Missing on a Debian machine as root: install it, so
// `npm ci && npm test` passes on a fresh machine. Otherwise: say how, and fail.
import { execSync } from "node:child_process";

const has = (cmd) => {
  try {
    execSync(`command -v ${cmd}`, { stdio: "ignore", shell: "/bin/sh" });
    return true;
  } catch {
    return false;
  }
};

if (has("redis-server")) process.exit(0);
if (process.getuid?.() === 0 && has("apt-get")) {
  console.log("Installing Debian's redis-server for the gateway tests (apt-get)...");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server", {
    stdio: "inherit",
    shell: "/bin/sh",
  });
  process.exit(0);
}
console.error("The gateway tests need redis-server: install Debian's `redis-server` package (apt-get install redis-server).");
process.exit(1);
