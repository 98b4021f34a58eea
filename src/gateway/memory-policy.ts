// The check at start of what Redis does when it is full. The gateway's tokens and limit counters
// have no expiry and its cached answers have one, so a volatile-* policy evicts only cache; an
// allkeys-* policy can evict a token or a counter (a revoked token cannot come back, but a valid
// one can vanish, and a limit restarts from 0), and noeviction refuses new answers when full.
// Without maxmemory Redis never evicts: nothing to warn about here.
import type { RedisState } from "./redis-state";

/** The warning for Redis's policy, or undefined when it keeps tokens and counters. */
export function policyWarning(where: string, policy: string, maxmemory: number): string | undefined {
  const fix = "set maxmemory-policy volatile-lru (as compose.yaml does)";
  if (policy.startsWith("allkeys-"))
    return `Redis at ${where} evicts any key when full (maxmemory-policy ${policy}): tokens and limit counters can go with the cache. ${fix}`;
  if (policy === "noeviction" && maxmemory > 0)
    return `Redis at ${where} refuses writes when full (maxmemory-policy noeviction): new answers stop being shared then, and token changes fail (limit counters still count). ${fix}`;
  return undefined;
}

export async function checkMemoryPolicy(redis: RedisState, warn: (message: string) => void): Promise<void> {
  try {
    const { policy, maxmemory } = await redis.memoryPolicy();
    const warning = policyWarning(redis.where, policy, maxmemory);
    if (warning) warn(warning);
  } catch (e) {
    warn(
      `could not read Redis's maxmemory-policy at ${redis.where} (${(e as Error).message}): make sure it is volatile-lru, or tokens and limit counters may be evicted`,
    );
  }
}
