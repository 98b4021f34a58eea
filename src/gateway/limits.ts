// Limits that protect the team's quota with the provider: requests a minute and a day per token,
// counted in the shared state (so they hold across instances). A refusal is a 429 with
// Retry-After and a sentence MDQ's front ends show after "the service's rate limit was reached
// (429):" (shared/answer/classify.ts reads `message`).
import { boundsOf, DEFAULT_SHARES, type Shares } from "./shares";
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
  reason: "rate" | "quota" | "team" | "share";
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

const TEAM = { minute: "limit:team:rate", day: "limit:team:day" };

/** Counts one upstream request of token `name` against the team's budget and the token's share
 *  of it (shares.ts), minute and day, in one step of the shared state (one script call in Redis:
 *  exact across instances); a refusal when either is spent, and then nothing is counted. Without
 *  a name (a caller with no token) only the team's budget applies. */
export async function spendTeamBudget(
  state: SharedState,
  now: number,
  budget: TokenLimits,
  name?: string,
  shares: Shares = DEFAULT_SHARES,
): Promise<Refusal | undefined> {
  const windows = [
    { kind: "minute" as const, windowMs: MINUTE, limit: budget.perMinute },
    { kind: "day" as const, windowMs: DAY, limit: budget.perDay },
  ].filter((w) => w.limit > 0);
  if (!windows.length) return undefined;
  const counted = windows.map((w) => {
    const bounds = name === undefined ? { share: w.limit, reserve: 0, percent: 100 } : boundsOf(shares, name, w.limit);
    const window = Math.floor(now / w.windowMs);
    return {
      ...w,
      bounds,
      counter: {
        team: TEAM[w.kind],
        share: `limit:share:${w.kind === "minute" ? "rate" : "day"}:${name ?? ""}`,
        window,
        budget: w.limit,
        shareOf: bounds.share,
        reserve: bounds.reserve,
      },
    };
  });
  const refused = await state.spend(counted.map((c) => c.counter));
  if (!refused) return undefined;
  const w = counted[refused.index];
  const retryAfter = Math.max(1, Math.ceil(((w.counter.window + 1) * w.windowMs - now) / 1000));
  const when = w.kind === "minute" ? `in ${span(retryAfter)}` : `after midnight UTC, in ${span(retryAfter)}`;
  if (refused.reason === "team") {
    return {
      reason: "team",
      retryAfter,
      message:
        // Under 200 characters, so a cell shows it whole (shared/answer/classify.ts cuts a longer one).
        w.kind === "minute"
          ? `the team's gateway has sent the service its ${number(budget.perMinute)} requests of this minute (the team's budget, all tokens together); answers it holds are still served, new ones ${when}`
          : `the team's gateway has sent the service its ${number(budget.perDay)} requests of today (the team's daily budget, all tokens together); held answers are served, new ones ${when}`,
    };
  }
  // Only this token's own share and use, never another person's; short enough (200 characters with
  // a name of 12) that a cell shows it whole (shared/answer/classify.ts cuts a longer one).
  const borrowed = refused.used > w.bounds.share ? ` + ${number(refused.used - w.bounds.share)} borrowed` : "";
  const period = w.kind === "minute" ? "this minute's" : "today's";
  const until = w.kind === "minute" ? `in ${span(retryAfter)}` : `in ${span(retryAfter)} (midnight UTC)`;
  return {
    reason: "share",
    retryAfter,
    message: `your gateway token '${name}' used its share of the team's budget: ${number(w.bounds.share)} of ${period} ${number(w.limit)} upstream requests (${w.bounds.percent}%${borrowed}); held answers are served, new ones ${until}`,
  };
}
