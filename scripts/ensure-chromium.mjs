// Before the tests: the browser tests drive Debian's chromium (no browser download works here).
// Found, or CHROMIUM_PATH set: nothing to do. Missing on a Debian machine as root: install it,
// so `npm ci && npm test` passes on a fresh machine. Otherwise: say how, and fail.
import { execSync } from "node:child_process";

const has = (cmd) => {
  try {
    execSync(`command -v ${cmd}`, { stdio: "ignore", shell: "/bin/sh" });
    return true;
  } catch {
    return false;
  }
};

if (process.env.CHROMIUM_PATH || has("chromium")) process.exit(0);
if (process.getuid?.() === 0 && has("apt-get")) {
  console.log("Installing Debian's chromium for the browser tests (apt-get)...");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit", shell: "/bin/sh" });
  process.exit(0);
}
console.error(
  "The browser tests need Chromium: install Debian's `chromium` package (apt-get install chromium), or set CHROMIUM_PATH to a Chromium binary.",
);
process.exit(1);
