// `mdq gateway ...`: run the team gateway, or manage its tokens. The provider key is read from
// the environment or a file, never from the command line (where `ps` would show it).
import { resolve } from "node:path";
import { checkOrigin } from "./cors";
import { keepHeapNearLive } from "./heap";
import { DEFAULT_LIMITS, DEFAULT_TEAM_BUDGET } from "./limits";
import { pauseCommand } from "./pause-command";
import { RedisState } from "./redis-state";
import { redisGiven, redisWhere } from "./redis-url";
import { readSecretFile, type SecretFile } from "./secret-file";
import { type GatewayOptions, startGateway } from "./server";
import { DEFAULT_SHARES, RESERVE_SHARES, sharesOf } from "./shares";
import { TokenFile, type TokenStore } from "./tokens";

export const GATEWAY_USAGE = `Usage:
  mdq gateway [--port 8790] [--host 127.0.0.1] [--upstream URL] [--redis redis://HOST:6379]
              [--redis-password-file FILE] [--tokens FILE] [--rate N] [--daily N] [--team-rate N] [--team-daily N]
              [--token-share PERCENT] [--share NAME=PERCENT ...]
              [--cors-origin ORIGIN ...] [--cert FILE --key FILE] [--cache-mb N] [--stale-hours N] [--timeout SECONDS] [--sandbox]
              [--metrics-port 9790] [--metrics-host 127.0.0.1]
  mdq gateway token add NAME      make a token for NAME (shown once)
  mdq gateway token list          the tokens' names and when they were made
  mdq gateway token revoke NAME   refuse NAME's token from now on, on every instance
  mdq gateway pause [clear]       show (or end) the pause the provider's 429 set for every instance

  The provider's key comes from MDQ_PROVIDER_KEY or --provider-key-file FILE, never a flag; Redis's
  password from MDQ_REDIS_PASSWORD or --redis-password-file FILE, never the --redis URL. Such a
  file holds the value alone (or MDQ_PROVIDER_KEY=... / MDQ_REDIS_PASSWORD=...), mode 600.
  --upstream     the service (or MDQ_UPSTREAM_URL; default https://api.sectors.app); https unless loopback
  --redis        share cache, locks, limits, tokens and pauses (or MDQ_REDIS_URL); without it the
                 gateway is one instance with its cache in memory and tokens in --tokens
  --tokens       the token file of the embedded mode (or MDQ_GATEWAY_TOKENS; default mdq-gateway-tokens.json)
  --rate, --daily  requests per token per minute and per UTC day (default ${DEFAULT_LIMITS.perMinute} and ${DEFAULT_LIMITS.perDay}; 0: none)
  --team-rate, --team-daily  upstream requests (misses) per minute and per UTC day for all tokens and
                 instances together (or MDQ_GATEWAY_TEAM_RATE, MDQ_GATEWAY_TEAM_DAILY; default
                 ${DEFAULT_TEAM_BUDGET.perMinute} and ${DEFAULT_TEAM_BUDGET.perDay}; 0: none)
  --token-share  each token's share of the team's budget, in percent (or MDQ_GATEWAY_TOKEN_SHARE; default
                 ${DEFAULT_SHARES.percent}); past it a token borrows only while ${RESERVE_SHARES} shares of the budget stay unspent
  --share        NAME=PERCENT: token NAME's share, a hard cap it never borrows past, such as a tracker's
                 (repeat it, or MDQ_GATEWAY_SHARES, comma-separated)
  --cache-mb     the memory this instance's own answers may take, in MB (or MDQ_GATEWAY_CACHE_MB;
                 default 256): the process holds about this plus 100 MB
  --cors-origin  an add-in origin browsers may call from (repeat it, or MDQ_GATEWAY_CORS, comma-separated)
  --cert, --key  PEM files: serve https; without them plain http, for behind a TLS reverse proxy
  --metrics-port, --metrics-host  the admin listener: /metrics for Prometheus, and /readyz in full
                 detail (or MDQ_GATEWAY_METRICS_PORT, MDQ_GATEWAY_METRICS_HOST; default 9790 on
                 127.0.0.1; 0: none); the metrics name every token's holder, so bind it wider only on
                 a private network Prometheus scrapes, never a public one
  --sandbox      forward to MDQ's local sandbox (live edition, its demo key) instead of the service:
                 try the gateway with no provider key and no network
See docs/gateway.md.`;

const VALUED = new Set([
  "--port",
  "--host",
  "--upstream",
  "--redis",
  "--tokens",
  "--rate",
  "--daily",
  "--team-rate",
  "--team-daily",
  "--token-share",
  "--share",
  "--cors-origin",
  "--cert",
  "--key",
  "--stale-hours",
  "--cache-mb",
  "--timeout",
  "--provider-key-file",
  "--redis-password-file",
  "--metrics-port",
  "--metrics-host",
]);

/** Flags without a value. */
const SWITCHES = new Set(["--sandbox"]);

interface Io {
  env: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
}

function parse(argv: string[]) {
  const flags = new Map<string, string[]>();
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === "--help" || flag === "-h") return "help" as const;
    if (!flag.startsWith("--")) {
      words.push(argv[i]);
      continue;
    }
    if (SWITCHES.has(flag) && inline === undefined) {
      flags.set(flag, ["on"]);
      continue;
    }
    if (!VALUED.has(flag)) throw new Error(`unknown option ${flag}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === "") throw new Error(`${flag} needs a value`);
    flags.set(flag, [...(flags.get(flag) ?? []), value]);
  }
  return { flags, words };
}

const wholeNumber = (flag: string, text: string | undefined, fallback: number, max: number) => {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) > max) throw new Error(`${flag} must be a whole number from 0 to ${max} (got "${text}")`);
  return Number(text);
};

const PROVIDER_KEY_FILE: SecretFile = { flag: "--provider-key-file", what: "the provider key", variable: "MDQ_PROVIDER_KEY" };

/** A secret from a file (read strictly: secret-file.ts) or the environment; never from a flag's value. */
const secret = (file: string | undefined, fromEnv: string | undefined, spec: SecretFile) => (file ? readSecretFile(file, spec) : fromEnv);

interface Store {
  store: TokenStore;
  /** Where the tokens are, for the administrator: the file's absolute path, or Redis's host:port. */
  where: string;
  close(): void;
  connect(): Promise<void>;
}

/** `say`: where a command waiting for the token file's lock says what it waits for. */
function tokenStore(flags: Map<string, string[]>, env: NodeJS.ProcessEnv, say: (text: string) => void): Store {
  const redis = redisGiven(flags, env);
  if (redis) {
    let lastError = "";
    const state = new RedisState({ url: redis.url, password: redis.password, onError: (m) => (lastError = m) });
    const connect = () =>
      state.connect().catch((e: Error) => {
        // What Redis said (a wrong password, a refused connection) is what the administrator can fix.
        throw new Error(`${e.message}${lastError ? ` (${lastError})` : ""}: nothing was changed`);
      });
    return { store: state, where: `Redis at ${redis.where}`, connect, close: () => state.close() };
  }
  const file = new TokenFile(flags.get("--tokens")?.at(-1) ?? env.MDQ_GATEWAY_TOKENS ?? "mdq-gateway-tokens.json", Date.now, { say });
  return { store: file, where: `the token file ${file.path}`, connect: async () => undefined, close: () => undefined };
}

/** Which gateways read what a token command changed: a file is not read by a gateway on Redis. */
const readBy = (store: Store) =>
  store.store instanceof TokenFile
    ? "a gateway started with this file and without --redis reads it; a gateway started with --redis (or MDQ_REDIS_URL) does not: for one, run this command with the same --redis"
    : "every gateway instance using this Redis reads it";

async function tokenCommand(words: string[], flags: Map<string, string[]>, io: Io): Promise<number> {
  const [action, name] = words;
  const where = tokenStore(flags, io.env, (text) => io.err(`mdq gateway: ${text}`));
  const { store, connect, close } = where;
  try {
    await connect();
    if (action === "add" && name) {
      const token = await store.add(name);
      io.out(`Token for ${name} (shown this once; it is stored only as a hash):\n\n  ${token}\n`);
      io.out(`Stored in ${where.where}: ${readBy(where)}.`);
      io.out("They set it as their MDQ key, with the gateway's address as the base URL (docs/gateway.md).");
      return 0;
    }
    if (action === "list") {
      const tokens = await store.list();
      io.out(
        tokens.length
          ? tokens.map((t) => `${t.name.padEnd(24)} made ${t.created}`).join("\n")
          : "no tokens yet: mdq gateway token add NAME",
      );
      return 0;
    }
    if (action === "revoke" && name) {
      if (!(await store.revoke(name))) {
        io.err(`mdq gateway: there is no token named ${name} in ${where.where} (mdq gateway token list shows them)`);
        return 1;
      }
      io.out(
        store instanceof TokenFile
          ? `Revoked ${name}'s token in ${where.where}: a gateway reading this file refuses it within a second.`
          : `Revoked ${name}'s token in ${where.where}: every instance using it refuses it from now on.`,
      );
      return 0;
    }
    io.err(GATEWAY_USAGE);
    return 2;
  } finally {
    close();
  }
}

function options(flags: Map<string, string[]>, env: NodeJS.ProcessEnv): GatewayOptions {
  const last = (flag: string) => flags.get(flag)?.at(-1);
  const providerKey = secret(last("--provider-key-file"), env.MDQ_PROVIDER_KEY, PROVIDER_KEY_FILE) ?? "";
  const redis = redisGiven(flags, env);
  const origins = [...(flags.get("--cors-origin") ?? []), ...(env.MDQ_GATEWAY_CORS ?? "").split(",").filter((s) => s.trim())];
  const cert = last("--cert");
  const key = last("--key");
  if (Boolean(cert) !== Boolean(key)) throw new Error("--cert and --key go together (PEM files of the certificate and its private key)");
  return {
    upstream: last("--upstream") ?? env.MDQ_UPSTREAM_URL ?? "https://api.sectors.app",
    providerKey,
    redisUrl: redis?.url,
    redisPassword: redis?.password,
    tokenFile: last("--tokens") ?? env.MDQ_GATEWAY_TOKENS,
    limits: {
      perMinute: wholeNumber("--rate", last("--rate"), DEFAULT_LIMITS.perMinute, 1_000_000),
      perDay: wholeNumber("--daily", last("--daily"), DEFAULT_LIMITS.perDay, 100_000_000),
    },
    teamBudget: {
      perMinute: wholeNumber("--team-rate", last("--team-rate") ?? env.MDQ_GATEWAY_TEAM_RATE, DEFAULT_TEAM_BUDGET.perMinute, 1_000_000),
      perDay: wholeNumber("--team-daily", last("--team-daily") ?? env.MDQ_GATEWAY_TEAM_DAILY, DEFAULT_TEAM_BUDGET.perDay, 100_000_000),
    },
    shares: sharesOf(
      last("--token-share") !== undefined
        ? { from: "--token-share", text: last("--token-share")! }
        : env.MDQ_GATEWAY_TOKEN_SHARE !== undefined
          ? { from: "MDQ_GATEWAY_TOKEN_SHARE", text: env.MDQ_GATEWAY_TOKEN_SHARE }
          : undefined,
      [
        ...(env.MDQ_GATEWAY_SHARES ?? "")
          .split(",")
          .filter((t) => t.trim())
          .map((text) => ({ from: "MDQ_GATEWAY_SHARES", text })),
        ...(flags.get("--share") ?? []).map((text) => ({ from: "--share", text })),
      ],
    ),
    corsOrigins: origins.map(checkOrigin),
    host: last("--host") ?? "127.0.0.1",
    port: wholeNumber("--port", last("--port"), 8790, 65535),
    cert,
    key,
    cacheMb: wholeNumber("--cache-mb", last("--cache-mb") ?? env.MDQ_GATEWAY_CACHE_MB, 256, 1_048_576) || 256,
    staleHours: wholeNumber("--stale-hours", last("--stale-hours"), 24, 24 * 30),
    timeoutSeconds: wholeNumber("--timeout", last("--timeout"), 30, 600) || 30,
    processMetrics: true,
    // 0 turns the admin listener off here; startGateway's own 0 (a free port) is for tests.
    metricsPort: wholeNumber("--metrics-port", last("--metrics-port") ?? env.MDQ_GATEWAY_METRICS_PORT, 9790, 65535) || undefined,
    metricsHost: last("--metrics-host") ?? env.MDQ_GATEWAY_METRICS_HOST ?? "127.0.0.1",
  };
}

/** A closed stdout or stderr (`mdq gateway | head -1`, a log collector that went away) makes
 *  every later write fail with EPIPE: without a listener that error would end the process, and
 *  with it the team's gateway. Lines written there are dropped; the gateway goes on serving. */
function survivesClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.listenerCount("error") === 0) stream.on("error", () => undefined);
  }
}

/** --sandbox: MDQ's sandbox (the live edition, with its demo key) on a free loopback port as the
 *  upstream, so the gateway can be tried with no provider key and no network. */
async function localSandbox(flags: Map<string, string[]>, o: GatewayOptions) {
  if (flags.has("--upstream")) throw new Error("--sandbox and --upstream do not go together: the sandbox is the upstream");
  const { startSandbox } = await import("../sandbox/start");
  const sandbox = await startSandbox({ edition: "live" });
  o.upstream = sandbox.url;
  o.providerKey = sandbox.apiKey;
  return sandbox;
}

export async function runGateway(argv: string[], io: Io): Promise<number> {
  try {
    const parsed = parse(argv);
    if (parsed === "help") {
      io.out(GATEWAY_USAGE);
      return 0;
    }
    if (parsed.words[0] === "token") return await tokenCommand(parsed.words.slice(1), parsed.flags, io);
    if (parsed.words[0] === "pause") return await pauseCommand(parsed.words.slice(1), parsed.flags, io);
    if (parsed.words.length) throw new Error(`unknown command ${parsed.words.join(" ")}`);
    const o = options(parsed.flags, io.env);
    const sandbox = parsed.flags.has("--sandbox") ? await localSandbox(parsed.flags, o) : undefined;
    survivesClosedOutput();
    // This process is the gateway's: a setting of the whole process, never made by startGateway
    // for a process that embeds it.
    keepHeapNearLive();
    const gateway = await startGateway(o).catch(async (e) => {
      await sandbox?.close();
      throw e;
    });
    const shared = o.redisUrl ? `shared through Redis at ${redisWhere(o.redisUrl)}` : undefined;
    const upstream = sandbox ? `the local sandbox at ${sandbox.url} (live edition, its demo key)` : o.upstream;
    const metrics = gateway.metricsUrl ? `metrics on ${gateway.metricsUrl}/metrics` : "no metrics (--metrics-port 0)";
    io.err(
      `MDQ gateway on ${gateway.url} -> ${upstream} (${shared ?? `embedded: one instance, tokens in ${resolve(o.tokenFile ?? "mdq-gateway-tokens.json")}`}); ${metrics}. Ctrl+C stops it.`,
    );
    await new Promise<void>((resolve) => {
      const stop = () => {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        resolve();
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    });
    await gateway.close();
    await sandbox?.close();
    return 0;
  } catch (e) {
    io.err(`mdq gateway: ${(e as Error).message}`);
    return (e as Error).message.startsWith("unknown") || / must be | needs a value| go together/.test((e as Error).message) ? 2 : 1;
  }
}
