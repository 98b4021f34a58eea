// Where a user changes a setting, worded for the front end that shows the message. The core's
// sentences say "Fix it {where the base URL is set}" with a mark (`whereToSet`) instead of one
// front end's words, and each front end words its errors with `wordedFor`: the command line names
// its flags and variables, Excel its task pane, Sheets its menu. Advice that fits another front end
// is advice the user cannot follow ("Fix it in MDQ settings" at a terminal).

export type FrontEnd = "excel" | "sheets" | "cli" | "playground" | "gateway";

export type SettingName = "apiKey" | "baseUrl" | "edition" | "answerMb" | "concurrency" | "gateway";

export const FRONT_ENDS: readonly FrontEnd[] = ["excel", "sheets", "cli", "playground", "gateway"];
export const SETTING_NAMES: readonly SettingName[] = ["apiKey", "baseUrl", "edition", "answerMb", "concurrency", "gateway"];

const TASK_PANE = "in the MDQ settings task pane (Home > MDQ settings)";
const PLAYGROUND = "in the playground's Settings panel";

/** Each front end's words for where a setting is changed, read after a verb ("Fix it ..."). */
const WHERE: Record<FrontEnd, Record<SettingName, string>> = {
  excel: {
    apiKey: TASK_PANE,
    baseUrl: TASK_PANE,
    edition: TASK_PANE,
    answerMb: TASK_PANE,
    concurrency: TASK_PANE,
    gateway: "in the MDQ settings task pane, under Your team's gateway",
  },
  sheets: {
    apiKey: "with the menu MDQ > Set API key",
    baseUrl: "with the menu MDQ > Set base URL",
    edition: "with the menu MDQ > Set edition",
    answerMb: "with the menu MDQ > Set answer limit",
    concurrency: "(Google Sheets sends one request per execution: there is no such setting)",
    gateway: "with the menu MDQ > Use a team gateway (URL + token)",
  },
  cli: {
    apiKey: "with --api-key or the MDQ_API_KEY variable",
    baseUrl: "with --base-url or the MDQ_BASE_URL variable",
    edition: "with --edition or the MDQ_EDITION variable",
    answerMb: "with --answer-mb or the MDQ_ANSWER_MB variable",
    concurrency: "(the command line sends a call's requests as it needs them: there is no such setting)",
    gateway: "with --base-url set to the gateway's address and --api-key to your token",
  },
  playground: {
    apiKey: PLAYGROUND,
    baseUrl: PLAYGROUND,
    edition: PLAYGROUND,
    answerMb: "(the playground keeps the default answer limit)",
    concurrency: "(the playground keeps the default number of requests at once)",
    gateway: PLAYGROUND,
  },
  gateway: {
    apiKey: "in MDQ_PROVIDER_KEY or the file --provider-key-file names",
    baseUrl: "with --upstream or the MDQ_UPSTREAM_URL variable",
    edition: "(the gateway forwards whatever edition its clients ask for)",
    answerMb: "(the gateway's answer limit is fixed)",
    concurrency: "(the gateway has no such setting)",
    gateway: "with --upstream or the MDQ_UPSTREAM_URL variable",
  },
};

/** Words a message shows where no front end is named: the settings as the spreadsheets name them. */
const UNNAMED = "in MDQ settings";

// Characters of Unicode's private use area: no sentence of MDQ's uses them, and show() drops them
// from a user's value, so only MDQ's own sentences hold marks.
export const MARK_CHARACTERS = /[\uE000\uE001]/g;
const OPEN = "\uE000";
const CLOSE = "\uE001";
const MARK = new RegExp(`${OPEN}(\\w+)${CLOSE}`, "g");

/** The mark a sentence holds where a front end says where `setting` is changed. */
export const whereToSet = (setting: SettingName): string => `${OPEN}${setting}${CLOSE}`;

/** The sentence with each mark in `frontEnd`'s words (none: the spreadsheets' "in MDQ settings"). */
export function wordedFor(sentence: string, frontEnd?: FrontEnd): string {
  return sentence.replace(MARK, (whole, setting: string) => {
    if (!(SETTING_NAMES as readonly string[]).includes(setting)) return whole;
    return frontEnd ? WHERE[frontEnd][setting as SettingName] : UNNAMED;
  });
}
