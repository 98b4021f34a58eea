// Where the command sends its requests: flags, then environment, then the local sandbox.
import { SANDBOX } from "../../shared/base-url";
import { parseEditionSetting } from "../../shared/editions";
import { checkAnswerMb, type Settings } from "../../shared/request";

export interface CliSettings extends Settings {
  /** True when nothing was configured and the local sandbox is used. */
  sandbox: boolean;
}

export function resolveSettings(
  flags: { baseUrl?: string; apiKey?: string; edition?: string; answerMb?: string },
  env: NodeJS.ProcessEnv,
): CliSettings {
  const baseUrl = flags.baseUrl ?? env.MDQ_BASE_URL;
  const apiKey = flags.apiKey ?? env.MDQ_API_KEY;
  const edition = parseEditionSetting(flags.edition ?? env.MDQ_EDITION);
  const mb = flags.answerMb ?? env.MDQ_ANSWER_MB;
  // Checked here, when it is set, like every front end's answer limit: a bad value names the rule.
  const answerMb = mb === undefined ? undefined : checkAnswerMb(Number(mb));
  if (baseUrl) return { baseUrl, apiKey, edition, answerMb, sandbox: false };
  return { baseUrl: SANDBOX.url, apiKey: apiKey ?? SANDBOX.apiKey, edition, answerMb, sandbox: true };
}
