// `mdq gateway ...`: run the team gateway, or manage its tokens. The provider key is read from
// the environment or a file, never from the command line (where `ps` would show it).
import { readFileSync } from "node:fs";
import { checkOrigin } from "./cors";
import { DEFAULT_LIMITS, DEFAULT_TEAM_BUDGET } from "./limits";
import { pauseCommand } from "./pause-command";
import { RedisState } from "./redis-state";
import { type GatewayOptions, startGateway } from "./server";
import { TokenFile, type TokenStore } from "./tokens";

export const GATEWAY_USAGE = `Usage:
  mdq gateway [--port 8790] [--host 127.0.0.1] [--upstream URL] [--redis redis://HOST:6379]
              [--tokens FILE] [--rate N] [--daily N] [--team-rate N] [--team-daily N]
              [--cors-origin ORIGIN ...]
              [--cert FILE --key FILE] [--stale-hours N] [--timeout SECONDS]
  mdq gateway token add NAME      make a token for NAME (shown once)
  mdq gateway token list          the tokens' names and when they were made
  mdq gateway token revoke NAME   refuse NAME's token from now on, on every instance
  mdq gateway pause [clear]       show (or end) the pause the provider's 429 set for every instance

  The provider's key comes from MDQ_PROVIDER_KEY or --provider-key-file FILE, never a flag.
  --upstream     the service (or MDQ_UPSTREAM_URL; default https://api.sectors.app); https unless loopback
  --redis        share cache, locks, limits, tokens and pauses (or MDQ_REDIS_URL); without it the
                 gateway is one instance with its cache in memory and tokens in --tokens
  --tokens       the token file of the embedded mode (or MDQ_GATEWAY_TOKENS; default mdq-gateway-tokens.json)
  --rate, --daily  requests per token per minute and per UTC day (default ${DEFAULT_LIMITS.perMinute} and ${DEFAULT_LIMITS.perDay}; 0: none)
  --team-rate, --team-daily  upstream requests (misses) per minute and per UTC day for all tokens and
                 instances together (or MDQ_GATEWAY_TEAM_RATE, MDQ_GATEWAY_TEAM_DAILY; default
                 ${DEFAULT_TEAM_BUDGET.perMinute} and ${DEFAULT_TEAM_BUDGET.perDay}; 0: none)
  --cors-origin  an add-in origin browsers may call from (repeat it, or MDQ_GATEWAY_CORS, comma-separated)
  --cert, --key  PEM files: serve https; without them plain http, for behind a TLS reverse proxy
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
  "--cors-origin",
  "--cert",
  "--key",
  "--stale-hours",
  "--timeout",
  "--provider-key-file",
]);

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

function tokenStore(flags: Map<string, string[]>, env: NodeJS.ProcessEnv): { store: TokenStore; close(): void; connect(): Promise<void> } {
  const redisUrl = flags.get("--redis")?.at(-1) ?? env.MDQ_REDIS_URL;
  if (redisUrl) {
    const redis = new RedisState({ url: redisUrl });
    return { store: redis, connect: () => redis.connect(), close: () => redis.close() };
  }
  const file = new TokenFile(flags.get("--tokens")?.at(-1) ?? env.MDQ_GATEWAY_TOKENS ?? "mdq-gateway-tokens.json");
  return { store: file, connect: async () => undefined, close: () => undefined };
}

async function tokenCommand(words: string[], flags: Map<string, string[]>, io: Io): Promise<number> {
  const [action, name] = words;
  const { store, connect, close } = tokenStore(flags, io.env);
  try {
    await connect();
    if (action === "add" && name) {
      const token = await store.add(name);
      io.out(`Token for ${name} (shown this once; it is stored only as a hash):\n\n  ${token}\n`);
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
        io.err(`mdq gateway: there is no token named ${name} (mdq gateway token list shows them)`);
        return 1;
      }
      io.out(`Revoked ${name}'s token: every instance refuses it from now on.`);
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
  const keyFile = last("--provider-key-file");
  const providerKey = keyFile ? readFileSync(keyFile, "utf8").trim() : (env.MDQ_PROVIDER_KEY ?? "");
  const origins = [...(flags.get("--cors-origin") ?? []), ...(env.MDQ_GATEWAY_CORS ?? "").split(",").filter((s) => s.trim())];
  const cert = last("--cert");
  const key = last("--key");
  if (Boolean(cert) !== Boolean(key)) throw new Error("--cert and --key go together (PEM files of the certificate and its private key)");
  return {
    upstream: last("--upstream") ?? env.MDQ_UPSTREAM_URL ?? "https://api.sectors.app",
    providerKey,
    redisUrl: last("--redis") ?? env.MDQ_REDIS_URL,
    tokenFile: last("--tokens") ?? env.MDQ_GATEWAY_TOKENS,
    limits: {
      perMinute: wholeNumber("--rate", last("--rate"), DEFAULT_LIMITS.perMinute, 1_000_000),
      perDay: wholeNumber("--daily", last("--daily"), DEFAULT_LIMITS.perDay, 100_000_000),
    },
    teamBudget: {
      perMinute: wholeNumber("--team-rate", last("--team-rate") ?? env.MDQ_GATEWAY_TEAM_RATE, DEFAULT_TEAM_BUDGET.perMinute, 1_000_000),
      perDay: wholeNumber("--team-daily", last("--team-daily") ?? env.MDQ_GATEWAY_TEAM_DAILY, DEFAULT_TEAM_BUDGET.perDay, 100_000_000),
    },
    corsOrigins: origins.map(checkOrigin),
    host: last("--host") ?? "127.0.0.1",
    port: wholeNumber("--port", last("--port"), 8790, 65535),
    cert,
    key,
    staleHours: wholeNumber("--stale-hours", last("--stale-hours"), 24, 24 * 30),
    timeoutSeconds: wholeNumber("--timeout", last("--timeout"), 30, 600) || 30,
    processMetrics: true,
  };
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
    const gateway = await startGateway(o);
    io.err(
      `MDQ gateway on ${gateway.url} -> ${o.upstream} (${o.redisUrl ? "shared through Redis" : `embedded: one instance, tokens in ${o.tokenFile ?? "mdq-gateway-tokens.json"}`}). Ctrl+C stops it.`,
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
    return 0;
  } catch (e) {
    io.err(`mdq gateway: ${(e as Error).message}`);
    return (e as Error).message.startsWith("unknown") || / must be | needs a value| go together/.test((e as Error).message) ? 2 : 1;
  }
}
