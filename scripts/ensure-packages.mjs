// Before the tests: Debian packages the tests drive, found or installed. The browser tests need
// chromium (no browser download works here; CHROMIUM_PATH may name another binary), the gateway
// tests redis-server (two gateway instances sharing one Redis), the HTTP/2 bench test openssl (the
// certificate it makes for its run). Missing on a Debian machine as
// root: installed, so `npm ci && npm test` passes on a fresh machine. Otherwise: say how, and fail.
import { execSync } from "node:child_process";

const NEEDED = [
  {
    pkg: "chromium",
    given: () => Boolean(process.env.CHROMIUM_PATH),
    why: "The browser tests",
    orElse: ", or set CHROMIUM_PATH to a Chromium binary",
  },
  { pkg: "redis-server", given: () => false, why: "The gateway tests", orElse: "" },
  { pkg: "openssl", given: () => false, why: "The HTTP/2 bench test (its run's certificate)", orElse: "" },
];

const has = (cmd) => {
  try {
    execSync(`command -v ${cmd}`, { stdio: "ignore", shell: "/bin/sh" });
    return true;
  } catch {
    return false;
  }
};

const missing = NEEDED.filter((n) => !n.given() && !has(n.pkg));
if (missing.length === 0) process.exit(0);
if (process.getuid?.() === 0 && has("apt-get")) {
  const pkgs = missing.map((n) => n.pkg).join(" ");
  console.log(`Installing Debian's ${pkgs} for the tests (apt-get)...`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkgs}`, { stdio: "inherit", shell: "/bin/sh" });
  process.exit(0);
}
for (const n of missing)
  console.error(`${n.why} need ${n.pkg}: install Debian's \`${n.pkg}\` package (apt-get install ${n.pkg})${n.orElse}.`);
process.exit(1);
