// Where the command sends its requests: flags, then environment, then the local sandbox.
import {
  checkAnswerMb,
  isLoopback,
  MdqError,
  parseBaseUrl,
  parseEditionSetting,
  SANDBOX,
  type Settings,
  type StaleMode,
  show,
} from "../../shared";

export interface CliSettings extends Settings {
  /** True when nothing was configured and the local sandbox is used. */
  sandbox: boolean;
}

export function resolveSettings(
  flags: { baseUrl?: string; apiKey?: string; edition?: string; answerMb?: string; stale?: string },
  env: NodeJS.ProcessEnv,
): CliSettings {
  const baseUrl = flags.baseUrl ?? env.MDQ_BASE_URL;
  const apiKey = flags.apiKey ?? env.MDQ_API_KEY;
  const edition = parseEditionSetting(flags.edition ?? env.MDQ_EDITION);
  const mb = flags.answerMb ?? env.MDQ_ANSWER_MB;
  // Checked here, when it is set, like every front end's answer limit: a bad value names the rule.
  const answerMb = mb === undefined ? undefined : checkAnswerMb(Number(mb));
  const stale = staleMode(flags.stale ?? env.MDQ_STALE);
  // A service on this computer without a key: the sandbox's demo key, which is public (a local
  // gateway refuses it, saying so).
  const local = apiKey === undefined && baseUrl !== undefined && isLoopback(parseBaseUrl(baseUrl)?.hostname ?? "");
  if (baseUrl) return { baseUrl, apiKey: local ? SANDBOX.apiKey : apiKey, edition, answerMb, stale, sandbox: false };
  return { baseUrl: SANDBOX.url, apiKey: apiKey ?? SANDBOX.apiKey, edition, answerMb, stale, sandbox: true };
}

/** --stale / MDQ_STALE: serve (default) or error. */
function staleMode(value: string | undefined): StaleMode | undefined {
  if (value === undefined) return undefined;
  const mode = value.trim().toLowerCase();
  if (mode !== "serve" && mode !== "error") throw new MdqError("bad_argument", `'--stale' must be serve or error (got ${show(value)})`);
  return mode;
}
