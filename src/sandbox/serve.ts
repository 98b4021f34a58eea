// `mdq serve [--port 8787] [--host 127.0.0.1] [--api-key KEY] [--edition both|live|spec]`: run the
// sandbox in the foreground until SIGINT/SIGTERM. By default it serves both editions, the live one
// at the root (what the provider serves) and the spec one under /spec, so every function answers
// with no setting: MDQ's `auto` edition asks the server which one it speaks; set to spec, MDQ
// follows the root's 410, which names /spec (editions.ts retiredAnswer). The CLI calls runServe;
// output goes to stdout, argument errors to stderr.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { SANDBOX } from "../../shared";
import { isServed, SERVED, type Served, SPEC_BASE_PATH } from "./editions";
import { type Sandbox, startSandbox } from "./start";
import type { StaticMounts } from "./static";

/** The port of the sandbox's default address, where every front end looks first. */
const DEFAULT_PORT = Number(SANDBOX.url.split(":").pop());

const USAGE = "Usage: mdq serve [--port 8787] [--host 127.0.0.1] [--api-key KEY] [--edition both|live|spec]";

interface ServeArgs {
  port: number;
  host: string;
  apiKey: string;
  edition: Served;
}

export function parseServeArgs(argv: string[]): ServeArgs | "help" {
  const out: ServeArgs = { port: DEFAULT_PORT, host: "127.0.0.1", apiKey: SANDBOX.apiKey, edition: "both" };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === "--help" || flag === "-h") return "help";
    if (!["--port", "--host", "--api-key", "--edition"].includes(flag)) throw new Error(`Unknown option ${flag}.\n${USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === "") throw new Error(`Missing value for ${flag}.\n${USAGE}`);
    if (flag === "--port") {
      if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new Error(`--port must be an integer from 0 to 65535, got "${value}".`);
      out.port = Number(value);
    } else if (flag === "--edition") {
      if (!isServed(value)) throw new Error(`--edition must be one of ${SERVED.join(", ")}, got "${value}".`);
      out.edition = value;
    } else if (flag === "--host") out.host = value;
    else out.apiKey = value;
  }
  return out;
}

/** The built dist/ folder: beside the bundled CLI (dist/cli/mdq.js), else ./dist of the checkout. */
function distFolder(): string {
  const beside = join(__dirname, "..");
  return existsSync(join(beside, "playground", "index.html")) ? beside : join(process.cwd(), "dist");
}

/** The playground page and the Excel functions bundle it runs, on the sandbox's own origin. */
export const playgroundMounts = (dist = distFolder()): StaticMounts => ({
  "/playground/": join(dist, "playground"),
  "/excel/": join(dist, "excel"),
});

export async function runServe(argv: string[]): Promise<void> {
  let args: ServeArgs | "help";
  try {
    args = parseServeArgs(argv);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exitCode = 2;
    return;
  }
  if (args === "help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  // One line per request, so whoever runs the playground or the add-in against it sees the traffic.
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({ ...args, static: playgroundMounts(), log: (line) => process.stdout.write(`${line}\n`) });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === "EADDRINUSE"
        ? `port ${args.port} is already in use (another sandbox?); pick one with --port`
        : code === "EACCES"
          ? `no permission to listen on port ${args.port}; pick one above 1024 with --port`
          : (err as Error).message;
    process.stderr.write(`mdq serve: cannot listen on ${args.host}:${args.port}: ${why}.\n`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(banner(sandbox));
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await sandbox.close();
  process.stdout.write("MDQ sandbox stopped.\n");
}

function banner(sandbox: Sandbox): string {
  const curl = (path: string) => `  curl -H "Authorization: ${sandbox.apiKey}" "${sandbox.url}${path}"`;
  // The CLI defaults to this address and key; anything else needs telling it where to look.
  const pointCli =
    sandbox.url === SANDBOX.url && sandbox.apiKey === SANDBOX.apiKey
      ? []
      : [`  (point the CLI here first: export MDQ_BASE_URL=${sandbox.url} MDQ_API_KEY=${sandbox.apiKey})`];
  const lines = [`MDQ sandbox: the Market Data Query Service over demo data`];
  if (sandbox.edition === "both")
    lines.push(
      `  Base URL: ${sandbox.url}   the live edition, the provider's current API: every function answers`,
      `  Spec:     ${sandbox.url}${SPEC_BASE_PATH}   the spec edition (/v1/ paths, the January-2026 mining layout)`,
      `  API key:  ${sandbox.apiKey}   (send it as the raw Authorization header)`,
      `  No edition to set: MDQ's edition "auto" asks the server which one it speaks; set to spec, MDQ reads ${SPEC_BASE_PATH}.`,
    );
  else
    lines.push(
      `  Base URL: ${sandbox.url}`,
      `  API key:  ${sandbox.apiKey}   (send it as the raw Authorization header)`,
      `  Edition:  ${sandbox.edition} only   (mdq serve with no --edition serves both)`,
    );
  const live = sandbox.edition !== "spec";
  return [
    ...lines,
    ``,
    `Playground (every function in a browser grid): ${sandbox.url}/playground/`,
    ``,
    `Try:`,
    ...pointCli,
    `  npx mdq QUARTERLY BBCA 4`,
    `  npx mdq INDEX lq45`,
    ...(live
      ? [
          `  npx mdq DAILY BBCA`,
          `  npx mdq COMPANY_REPORT BBCA overview`,
          curl("/v2/index-daily/lq45/"),
          curl("/v2/companies/?where=sub_sector%3D%27Banks%27&order_by=-market_cap&include_query_values=true"),
          curl("/v2/filings/?symbol=BBCA&limit=5"),
          curl("/v2/mining/companies/pt-adaro-energy-indonesia-tbk/"),
        ]
      : [`  npx mdq KLSE_TOP pe`, curl("/v1/index-daily/lq45/")]),
    ...(sandbox.edition === "both"
      ? [
          `  npx mdq QUARTERLY BBCA 4 --base-url ${sandbox.url}${SPEC_BASE_PATH}   (the spec edition)`,
          `  npx mdq QUARTERLY BBCA 4 --edition spec   (the same: the root's 410 names ${SPEC_BASE_PATH})`,
        ]
      : []),
    ``,
    `Press Ctrl+C to stop.`,
    ``,
  ].join("\n");
}
