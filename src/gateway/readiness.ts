// What /readyz says, in two views. The public port's answers anyone who can reach the gateway, so
// it says ready or degraded and why in words that name no file path, no host and no person; the
// admin listener's (loopback by default) names Redis's host:port and the token file's path, which
// is what the administrator needs to fix it. Neither ever carries a password.
import type { Pause } from "./pause";
import type { RedisState } from "./redis-state";
import type { ResilientState } from "./resilient";
import type { TokenFile } from "./tokens";

export type ReadinessView = "public" | "admin";

export interface Readiness {
  ready: boolean;
  mode: "embedded" | "shared" | "degraded";
  redis: string;
  /** A token file the embedded mode cannot use. */
  tokens?: string;
  pause?: { seconds: number; reason: string };
}

export interface ReadinessSources {
  redis?: RedisState;
  resilient?: ResilientState;
  tokenFile?: TokenFile;
  /** The upstream's pause and the seconds it has left; its reason is the gateway's own words (a time and a count of seconds). */
  pause?: { pause: Pause; seconds: number };
}

const ALONE = "this instance answers from its own cache, limits and table of tokens until Redis is back";

export function readinessOf(s: ReadinessSources, view: ReadinessView): Readiness {
  const paused = s.pause ? { pause: { seconds: s.pause.seconds, reason: s.pause.pause.reason } } : {};
  if (!s.redis || !s.resilient) {
    const fault = s.tokenFile?.fault();
    if (!fault) return { ready: true, mode: "embedded", redis: "not configured", ...paused };
    const tokens = view === "admin" ? fault : withoutPath(fault, s.tokenFile!.path);
    return { ready: false, mode: "embedded", redis: "not configured", tokens, ...paused };
  }
  const alone = aloneBecause(s.redis, s.resilient, view);
  if (!alone) return { ready: true, mode: "shared", redis: "up", ...paused };
  return { ready: false, mode: "degraded", redis: `${alone}: ${ALONE}`, ...paused };
}

/** Why the instance works alone, or undefined while it shares. The admin view keeps the breaker's
 *  own sentence (Redis's host:port, the command, the error and when); the public one says which of
 *  three things it is. */
function aloneBecause(redis: RedisState, resilient: ResilientState, view: ReadinessView): string | undefined {
  const breaker = resilient.alone;
  if (view === "admin") return breaker ?? (redis.subscribed ? undefined : `token changes from Redis at ${redis.where} are not heard`);
  if (!redis.ready) return "Redis is unreachable";
  if (breaker) return "Redis failed or did not answer a command in time, so this instance stopped waiting on it";
  return redis.subscribed ? undefined : "token changes from Redis are not heard";
}

/** The token file's fault as the public view says it: the file's path taken out (the sentences are
 *  the gateway's own, "the token file PATH cannot be read (...)"), the fault and the remedy kept. */
export function withoutPath(fault: string, path: string): string {
  return fault.split(` ${path}.lock`).join("").split(` ${path}`).join("").split(path).join("the file");
}
