// Limits that protect the team's quota with the provider: requests a minute and a day per token,
// counted in the shared state (so they hold across instances). A refusal is a 429 with
// Retry-After and a sentence MDQ's front ends show after "the service's rate limit was reached
// (429):" (shared/answer/classify.ts reads `message`).
import type { SharedState } from "./state";

export interface TokenLimits {
  /** Requests a token may make in one minute; 0: no limit. */
  perMinute: number;
  /** Requests a token may make in one UTC day; 0: no limit. */
  perDay: number;
}

export const DEFAULT_LIMITS: TokenLimits = { perMinute: 600, perDay: 20_000 };

/** The team's upstream budget: requests that go upstream (misses), all tokens and instances
 *  together. The default is one token's default limits: however many tokens a team makes, its key
 *  spends no more than one person could (a cache in front makes that ample: 20 analysts' 6,000
 *  formulas are 60 upstream requests). */
export const DEFAULT_TEAM_BUDGET: TokenLimits = { perMinute: 600, perDay: 20_000 };

export interface Refusal {
  reason: "rate" | "quota" | "team";
  retryAfter: number;
  message: string;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const number = (n: number) => n.toLocaleString("en-US");

/** "5 h 12 min", "3 min", "40 s". */
function span(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** One limit to count a request against: its counter, window length and bound, and the refusal
 *  when it is past it. */
interface Check {
  key: string;
  windowMs: number;
  limit: number;
  refusal: (retryAfter: number) => Refusal;
}

/** Counts a request against `checks` in one step of the shared state (one Redis round trip),
 *  stopping at the first one past its limit: a request refused by the minute's limit does not
 *  also use the day's. */
async function count(state: SharedState, now: number, checks: Check[], batched = false): Promise<Refusal | undefined> {
  const active = checks.filter((c) => c.limit > 0);
  if (!active.length) return undefined;
  const counters = active.map((c) => ({ key: c.key, window: Math.floor(now / c.windowMs), limit: c.limit }));
  const used = batched && state.countBatched ? await state.countBatched(counters) : await state.count(counters);
  for (let i = 0; i < used.length; i++) {
    if (used[i] > active[i].limit) {
      const retryAfter = Math.max(1, Math.ceil(((counters[i].window + 1) * active[i].windowMs - now) / 1000));
      return active[i].refusal(retryAfter);
    }
  }
  return undefined;
}

/** Counts this request against the token's limits; a refusal when it is past one. Counted in
 *  batches in Redis mode (local-counts.ts): every request, hits included, passes here. */
export function checkLimits(state: SharedState, name: string, now: number, limits: TokenLimits): Promise<Refusal | undefined> {
  return count(
    state,
    now,
    [
      {
        key: `limit:rate:${name}`,
        windowMs: MINUTE,
        limit: limits.perMinute,
        refusal: (retryAfter) => ({
          reason: "rate",
          retryAfter,
          message: `your gateway token '${name}' has made its ${number(limits.perMinute)} requests of this minute; the team's gateway takes more in ${span(retryAfter)}`,
        }),
      },
      {
        key: `limit:day:${name}`,
        windowMs: DAY,
        limit: limits.perDay,
        refusal: (retryAfter) => ({
          reason: "quota",
          retryAfter,
          message: `your gateway token '${name}' has used its daily quota of ${number(limits.perDay)} requests; it renews at midnight UTC, in ${span(retryAfter)} (the gateway's administrator can raise it)`,
        }),
      },
    ],
    true,
  );
}

/** Counts one upstream request against the team's budget; a refusal when it is spent. */
export function spendTeamBudget(state: SharedState, now: number, budget: TokenLimits): Promise<Refusal | undefined> {
  return count(state, now, [
    {
      key: "limit:team:rate",
      windowMs: MINUTE,
      limit: budget.perMinute,
      refusal: (retryAfter) => ({
        reason: "team",
        retryAfter,
        message: `the team's gateway has sent the service its ${number(budget.perMinute)} requests of this minute (the team's budget, all tokens together); answers it holds are still served, new ones in ${span(retryAfter)}`,
      }),
    },
    {
      key: "limit:team:day",
      windowMs: DAY,
      limit: budget.perDay,
      refusal: (retryAfter) => ({
        reason: "team",
        retryAfter,
        message: `the team's gateway has sent the service its ${number(budget.perDay)} requests of today (the team's daily budget, all tokens together); answers it holds are still served, new ones after midnight UTC, in ${span(retryAfter)} (the gateway's administrator can raise it: --team-daily)`,
      }),
    },
  ]);
}
