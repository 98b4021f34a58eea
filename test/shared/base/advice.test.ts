// Advice a user can follow where they read it: the command line names its flags and variables,
// Excel its task pane, Sheets its menu; no front end's message sends its user to another's.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  answerTooLarge,
  checkAnswerMb,
  checkApiKey,
  checkBaseUrl,
  checkSettings,
  checkWholeSetting,
  classify,
  FRONT_ENDS,
  type FrontEnd,
  isMdqError,
  liveNotSpec,
  type MdqError,
  notOffered,
  otherEdition,
  SETTING_NAMES,
  show,
  whereToSet,
  wordedFor,
} from "../../../shared";

const thrown = (fn: () => unknown): MdqError => {
  try {
    fn();
  } catch (e) {
    if (isMdqError(e)) return e;
    throw e;
  }
  throw new Error("nothing was thrown");
};

/** Every message of the core that tells the user where to change a setting. */
const ADVISING: Record<string, MdqError> = {
  "no key": thrown(() => checkSettings({ baseUrl: "https://api.example.com" })),
  "a base URL that is no address": thrown(() => checkBaseUrl("ftp://example.com")),
  "plain http to another computer": thrown(() => checkBaseUrl("http://example.com")),
  "a pasted key with a curly quote": thrown(() => checkApiKey("\u201ckey\u201d")),
  "an answer limit out of range": thrown(() => checkAnswerMb(0)),
  "requests at once out of range": thrown(() =>
    checkWholeSetting(0, { min: 1, max: 100 }, 8, "the number of requests at once", "concurrency"),
  ),
  "an answer past the limit": answerTooLarge(25 * 1_048_576),
  "a refused key": thrown(() => classify({ status: 401, body: '{"detail":"Invalid token"}' }, 0)),
  "a retired path": thrown(() => classify({ status: 410, body: '{"detail":"v1 is retired"}' }, 0)),
  "a retired path at a server naming its spec address": thrown(() =>
    classify({ status: 410, body: '{"error":"v1_discontinued","spec_edition_path":"/spec"}' }, 0),
  ),
  "the spec edition set at a server speaking live": liveNotSpec("https://api.sectors.app"),
  "an answer of the live edition to a call set to spec": otherEdition("MINING_COMPANY", "live", "{results, pagination}"),
  "a function the edition lacks": notOffered("DAILY", "spec"),
  "an answer of the other edition": otherEdition("QUARTERLY", "spec", "a plain list"),
};

const FLAG = /(^|[\s(])--[a-z]/;
const VARIABLE = /\bMDQ_[A-Z]/;

/** What each front end must never tell its user. */
const FOREIGN: Record<FrontEnd, RegExp[]> = {
  cli: [/MDQ settings/, /task pane/, /\bmenu\b/, /Settings panel/],
  excel: [FLAG, VARIABLE, /\bmenu\b/, /Settings panel/],
  sheets: [FLAG, VARIABLE, /task pane/, /Settings panel/],
  playground: [FLAG, VARIABLE, /task pane/, /\bmenu\b/],
  gateway: [/MDQ settings/, /task pane/, /\bmenu\b/, /Settings panel/],
};

describe.each(Object.entries(ADVISING))("%s", (_what, error) => {
  test("says where a setting is changed by a mark, not one front end's words", () => {
    expect(error.sentence).toMatch(/\uE000\w+\uE001/);
  });

  test.each(FRONT_ENDS)("in %s's words only", (frontEnd) => {
    const message = error.messageFor(frontEnd);
    expect(message).not.toMatch(/[\uE000\uE001]/);
    for (const foreign of FOREIGN[frontEnd]) expect(message).not.toMatch(foreign);
  });
});

test("an edition that does not match the server names both ways out: the edition, or the base URL's /spec address", () => {
  for (const what of [
    "a retired path",
    "a retired path at a server naming its spec address",
    "the spec edition set at a server speaking live",
  ]) {
    const error = ADVISING[what];
    expect(error.sentence).toContain(whereToSet("edition"));
    expect(error.sentence).toContain(whereToSet("baseUrl"));
    for (const frontEnd of FRONT_ENDS) expect(error.messageFor(frontEnd)).toContain("/spec");
  }
  expect(ADVISING["the spec edition set at a server speaking live"].messageFor("excel")).toMatch(
    /Set the edition to live or auto in the MDQ settings task pane .*, or point the base URL at an address that serves the spec edition in the MDQ settings task pane/,
  );
});

test("each front end's words for each setting follow its own rules", () => {
  for (const frontEnd of FRONT_ENDS) {
    for (const setting of SETTING_NAMES) {
      const words = wordedFor(whereToSet(setting), frontEnd);
      expect(words.length).toBeGreaterThan(5);
      for (const foreign of FOREIGN[frontEnd]) expect(words).not.toMatch(foreign);
    }
  }
  expect(wordedFor(`Fix it ${whereToSet("baseUrl")}.`, "cli")).toBe("Fix it with --base-url or the MDQ_BASE_URL variable.");
  expect(wordedFor(`Fix it ${whereToSet("baseUrl")}.`, "sheets")).toBe("Fix it with the menu MDQ > Set base URL.");
  // Where no front end is named (a log, a test): the spreadsheets' word for their settings.
  expect(thrown(() => checkAnswerMb(0)).message).toMatch(/Fix it in MDQ settings\.$/);
});

test("a user's value cannot carry a mark into a message", () => {
  const planted = `${whereToSet("apiKey")}x`;
  expect(show(planted)).toBe('"apiKeyx"');
  expect(thrown(() => checkBaseUrl(`ftp://${planted}`)).messageFor("cli")).not.toMatch(/--api-key/);
});

/** Files under `dir` ending in .ts. */
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
  });

test("no message of the core names one front end's settings in its own words", () => {
  const root = join(__dirname, "../../../shared");
  const offenders = sources(root)
    .filter((file) => !file.endsWith("advice.ts"))
    .filter((file) => /MDQ settings|task pane \(|--api-key|--base-url|MDQ_API_KEY|MDQ_BASE_URL/.test(readFileSync(file, "utf8")))
    // The function reference (describe.ts) is documentation for every front end at once.
    .filter((file) => !file.endsWith("describe.ts"));
  expect(offenders).toEqual([]);
});
