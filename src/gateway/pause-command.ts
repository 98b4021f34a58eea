// `mdq gateway pause [clear]`: the operator's view of the upstream's pause (pause.ts), and the way
// to end it early (the provider raised the plan, or the 429 was a mistake), on every instance at
// once. Only a shared pause can be reached from outside: an embedded gateway keeps its own.
import { decodePause, PAUSE_CAP_SECONDS, PAUSE_KEY } from "./pause";
import { RedisState } from "./redis-state";
import { redisGiven } from "./redis-url";

interface Io {
  env: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
}

export async function pauseCommand(words: string[], flags: Map<string, string[]>, io: Io): Promise<number> {
  const [action, extra] = words;
  if ((action !== undefined && action !== "clear") || extra !== undefined) {
    io.err("mdq gateway pause: say `mdq gateway pause` to show the upstream's pause, or `mdq gateway pause clear` to end it");
    return 2;
  }
  const given = redisGiven(flags, io.env);
  if (!given) {
    io.err(
      `mdq gateway pause: no Redis given (--redis or MDQ_REDIS_URL). An embedded gateway keeps the upstream's pause in its own process: its /readyz shows it, and it ends by itself within ${PAUSE_CAP_SECONDS} s (or when that gateway restarts).`,
    );
    return action === "clear" ? 1 : 0;
  }
  const redis = new RedisState({ url: given.url, password: given.password });
  try {
    await redis.connect();
    if (action === "clear") {
      const removed = await redis.remove(PAUSE_KEY);
      io.out(
        removed
          ? `Ended the upstream's pause in Redis at ${redis.where}: every instance sends its next miss upstream (a new 429 pauses them again).`
          : `There was no pause in Redis at ${redis.where}: misses already go upstream.`,
      );
      return 0;
    }
    const [text, left] = await Promise.all([redis.get(PAUSE_KEY), redis.timeLeft(PAUSE_KEY)]);
    const pause = decodePause(text, Date.now());
    if (!text || left === undefined) {
      io.out(`No pause in Redis at ${redis.where}: misses go upstream.`);
      return 0;
    }
    const seconds = Math.ceil(Math.min(left, PAUSE_CAP_SECONDS * 1000) / 1000);
    io.out(
      `The upstream's pause holds misses on every instance for ${seconds} s more (${pause?.reason ?? "the upstream asked to wait"}). End it now: mdq gateway pause clear`,
    );
    return 0;
  } finally {
    redis.close();
  }
}
