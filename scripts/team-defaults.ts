// A team's build of the Excel add-in: its gateway (or service) as every analyst's default base
// URL, and its edition, instead of the local sandbox and its demo key (npm run build:excel --
// --base-url https://gateway.team.example [--edition live]). Checked by the core's own rules
// before anything is built; the add-in reads them as DEFAULT_SETTINGS (src/excel/settings.ts).
import { checkBaseUrl, type EditionSetting, messageOf, parseEditionSetting } from "../shared";

export interface TeamDefaults {
  baseUrl: string;
  edition: EditionSetting;
}

/** The defaults from the flags, else MDQ_ADDIN_BASE_URL / MDQ_ADDIN_EDITION; none: the sandbox. */
export function teamDefaultsOf(
  baseUrl: string | undefined,
  edition: string | undefined,
  env: Record<string, string | undefined>,
): TeamDefaults | undefined {
  const url = (baseUrl ?? env.MDQ_ADDIN_BASE_URL)?.trim();
  const named = edition ?? env.MDQ_ADDIN_EDITION;
  if (!url) {
    if (named) throw new Error("--edition needs --base-url: the sandbox's edition is its own");
    return undefined;
  }
  try {
    return { baseUrl: checkBaseUrl(url), edition: parseEditionSetting(named) };
  } catch (e) {
    throw new Error(
      `--base-url / --edition: ${messageOf(e, "cli")
        .replace(/^MDQ: /, "")
        .replace(/ Fix it with .*$/, "")}`,
    );
  }
}
