// The MDQ menu's actions. They run as the user who clicks (with the scopes of appsscript.json),
// unlike custom functions, so this is where settings are written and the sheet is touched.
// The key is only ever written to Script Properties: never to a cell, an alert or a log.

import {
  ANSWER_MB_RANGE,
  ageText,
  checkAnswerMb,
  checkApiKey,
  checkBaseUrl,
  counted,
  DEFAULT_ANSWER_MB,
  hostOf,
  isLoopbackUrl,
  LIVE_API_HOST,
  messageOf,
  parseEditionSetting,
} from "../../shared";
import { keepingActiveSheet } from "./active-sheet";
import { gas, type Range, type Spreadsheet } from "./apps-script";
import { SheetsCache } from "./cache";
import { copiesHeld, dropCopies, STORE_LIMIT_BYTES } from "./copies";
import { MENU_ITEMS, MENU_TITLE, REFRESH_RANGE, SETTINGS_SHEET } from "./menu-items";
import { call } from "./run";
import { PROPERTY, readSettings } from "./settings";
import { readSpent, readStatus, type Spent } from "./status";
import { windowsText } from "./windows";

const props = () => gas().PropertiesService.getScriptProperties();
const ui = () => gas().SpreadsheetApp.getUi();

/** The MDQ menu, then the refresh cell if it is missing, so that formulas passing MDQ_REFRESH
 *  work before the first Refresh all (instead of showing #NAME?). onOpen is a simple trigger:
 *  Google runs it only for someone who may edit the spreadsheet (never in view or comment mode,
 *  so a viewer gets no MDQ menu), and it may edit this spreadsheet. An edit can still be refused
 *  (a protected sheet): that is left for Refresh all, and never costs the menu. */
export function onOpen(): void {
  const menu = ui().createMenu(MENU_TITLE);
  for (const item of MENU_ITEMS) menu.addItem(item.caption, item.handler);
  menu.addToUi();
  try {
    refreshCell(gas().SpreadsheetApp.getActiveSpreadsheet());
  } catch {
    // Refused: the cell is made by the next Refresh all.
  }
}

/** Ask for one line of text; undefined when the user cancels. */
export function ask(title: string, prompt: string): string | undefined {
  const u = ui();
  const answer = u.prompt(title, prompt, u.ButtonSet.OK_CANCEL);
  return answer.getSelectedButton() === u.Button.OK ? answer.getResponseText().trim() : undefined;
}

export const tell = (title: string, text: string) => ui().alert(title, text, ui().ButtonSet.OK);

export function setApiKey(): void {
  const key = ask(
    "MDQ: API key",
    `Paste your Market Data Query Service API key. It is stored in this script's Script Properties (${PROPERTY.apiKey}): every editor of this spreadsheet can read it there. Leave blank to remove the key.`,
  );
  if (key === undefined) return;
  if (!key) {
    props().deleteProperty(PROPERTY.apiKey);
    tell("MDQ", "The API key was removed.");
    return;
  }
  const problem = keyProblem(key, "an API key");
  if (problem) {
    tell("MDQ", `${problem} Nothing was saved.`);
    return;
  }
  props().setProperty(PROPERTY.apiKey, key);
  tell("MDQ", "API key saved. Use MDQ > Test connection to check it.");
}

/** Why a pasted key (or gateway token, as `what` says) cannot be used, or undefined when it can. */
export function keyProblem(key: string, what: string): string | undefined {
  if (/\s/.test(key)) return `MDQ: ${what} has no spaces: paste it again.`;
  try {
    checkApiKey(key);
  } catch (e) {
    return messageOf(e, "sheets");
  }
  return undefined;
}

/** Why a base URL cannot work from Sheets, or undefined when it can. */
export function baseUrlProblem(url: string): string | undefined {
  try {
    // The core's own rule (https, no credentials, query or fragment).
    checkBaseUrl(url);
  } catch (e) {
    return messageOf(e, "sheets");
  }
  if (isLoopbackUrl(url)) {
    return "MDQ: Google's servers run these functions, so they cannot reach a sandbox on your computer. Use the service's https:// address on the internet.";
  }
  return undefined;
}

/** "host:port" as a key is bound to it: the same host in any case is the same service. */
const hostKey = (url: string) => hostOf(url.trim()).toLowerCase();

export function setBaseUrl(): void {
  const current = props().getProperty(PROPERTY.baseUrl) ?? "";
  const url = ask(
    "MDQ: base URL",
    `The Market Data Query Service's address, starting with https://. Current: ${current || "(none)"}. A different host removes the API key, which was meant for the current one. Leave blank to remove the address.`,
  );
  if (url === undefined) return;
  if (!url) {
    props().deleteProperty(PROPERTY.baseUrl);
    tell("MDQ", "The base URL was removed.");
    return;
  }
  const problem = baseUrlProblem(url);
  if (problem) {
    tell("MDQ", `${problem} Nothing was saved.`);
    return;
  }
  props().setProperty(PROPERTY.baseUrl, url);
  tell("MDQ", `Base URL saved: ${url}. ${keyAfterMove(current, url)}`);
}

/** The stored key goes with every request to the base URL's host: a key meant for one host is
 *  removed when the host changes, rather than sent to the new one. */
function keyAfterMove(previous: string, next: string): string {
  const hasKey = Boolean(props().getProperty(PROPERTY.apiKey));
  if (hasKey && previous && hostKey(previous) !== hostKey(next)) {
    props().deleteProperty(PROPERTY.apiKey);
    return `The API key was removed: it was set for ${hostKey(previous)}, and MDQ does not send it to another host. Set the key for ${hostKey(next)} with MDQ > Set API key, then use MDQ > Test connection.`;
  }
  if (hasKey && !previous) {
    return `The API key already set will be sent to ${hostKey(next)}: make sure it is the key for this service. Use MDQ > Test connection to check it.`;
  }
  return "Use MDQ > Test connection to check it.";
}

export function setEdition(): void {
  const current = props().getProperty(PROPERTY.edition) || "auto";
  const answer = ask(
    "MDQ: edition of the service",
    `Which edition your base URL speaks: live (the provider's current API, /v2/), spec (the service as the spec describes it; at the sandbox's address MDQ reads its /spec), or auto (live for ${LIVE_API_HOST}; elsewhere MDQ asks the server once a day). Current: ${current}.`,
  );
  if (answer === undefined) return;
  let edition: string;
  try {
    edition = parseEditionSetting(answer);
  } catch (e) {
    tell("MDQ", `${messageOf(e, "sheets")}. Nothing was saved.`);
    return;
  }
  props().setProperty(PROPERTY.edition, edition);
  tell("MDQ", `Edition saved: ${edition}. Use MDQ > Test connection to check it.`);
}

export function setAnswerLimit(): void {
  const current = props().getProperty(PROPERTY.answerMb) || String(DEFAULT_ANSWER_MB);
  const answer = ask(
    "MDQ: answer limit",
    `The largest answer MDQ reads, in MB (${ANSWER_MB_RANGE.min} to ${ANSWER_MB_RANGE.max}; Google's UrlFetchApp stops at 50). A larger answer is refused with a message saying how to narrow it. Current: ${current}. Leave blank for the default (${DEFAULT_ANSWER_MB}).`,
  );
  if (answer === undefined) return;
  if (!answer) {
    props().deleteProperty(PROPERTY.answerMb);
    tell("MDQ", `Answer limit back to the default: ${DEFAULT_ANSWER_MB} MB.`);
    return;
  }
  let mb: number;
  try {
    mb = checkAnswerMb(Number(answer));
  } catch (e) {
    tell("MDQ", `${messageOf(e, "sheets")} Nothing was saved.`);
    return;
  }
  props().setProperty(PROPERTY.answerMb, String(mb));
  tell("MDQ", `Answer limit saved: ${mb} MB.`);
}

export function testConnection(): void {
  try {
    const rows = call("LIST", ["subsectors"], { useCache: false }).cells.length - 1;
    tell("MDQ", `Connected: the service answered LIST("subsectors") with ${rows} rows, and accepted the key.`);
  } catch (e) {
    // Already in Sheets' words: call() throws the sentence sheetsMessage made.
    tell("MDQ: connection failed", (e as Error).message);
  }
}

export function clearCache(): void {
  const next = (Number(props().getProperty(PROPERTY.cacheGeneration)) || 0) + 1;
  props().setProperty(PROPERTY.cacheGeneration, String(next));
  dropCopies();
  gas()
    .SpreadsheetApp.getActiveSpreadsheet()
    .toast(
      "Cached answers will not be used again: each MDQ formula fetches fresh data when it next recalculates (MDQ > Refresh all forces that).",
      "MDQ",
      5,
    );
}

/** MDQ > Status: the calls whose cells show a stale answer (a refresh failed), since when and
 *  why; then how long each function keeps its last good answer, and what the copies take. */
export function showStatus(): void {
  const { cacheGeneration } = readSettings();
  const cache = new SheetsCache(gas().CacheService.getScriptCache(), cacheGeneration);
  const list = readStatus(cache);
  const held = copiesHeld(cacheGeneration);
  const copies = held
    ? `Copies kept in this spreadsheet now: ${held.answers} ${held.answers === 1 ? "answer" : "answers"}, ${Math.ceil(held.bytes / 1024)} KB (Google allows ${STORE_LIMIT_BYTES / 1024} KB; MDQ drops the copies closest to their end when it is full).`
    : "Google offers this script no Document Properties: answers are kept by CacheService alone.";
  const footer = `\n\n${spentText(readSpent(cache))}${windowsText()}\n${copies}`;
  if (list.length === 0) {
    tell(
      "MDQ: status",
      `No stale answers: every MDQ cell that calculated in the last 6 hours showed data as fresh as its function allows, or an error.${footer}`,
    );
    return;
  }
  const zone = gas().SpreadsheetApp.getActiveSpreadsheet().getSpreadsheetTimeZone();
  const at = (ms: number) => gas().Utilities.formatDate(new Date(ms), zone, "yyyy-MM-dd HH:mm");
  const now = Date.now();
  const lines = list.map(
    (e) =>
      `• ${e.call}: answer of ${at(e.since)} (${ageText(now - e.since)} old), shown since ${at(e.servedAt)} because the refresh failed: ${e.reason}`,
  );
  tell(
    "MDQ: status",
    `${list.length} ${list.length === 1 ? "call shows" : "calls show"} a stale answer (the last good one) because its refresh failed. They fetch again at the next refresh; a formula with the option stale=error shows the failure instead.\n\n${lines.join("\n")}${footer}`,
  );
}

/** The requests and credits the formulas spent, beside each other: credits are what the provider bills. */
function spentText(spent: Spent | undefined): string {
  if (!spent) return "";
  const zone = gas().SpreadsheetApp.getActiveSpreadsheet().getSpreadsheetTimeZone();
  const since = gas().Utilities.formatDate(new Date(spent.since), zone, "yyyy-MM-dd HH:mm");
  return `Spent since ${since}: ${counted(spent.requests, "request")}, ${counted(spent.credits, "credit")} (what the provider bills: per request, per quarter returned, per section or classification asked; estimated in the spec edition).\n`;
}

/** The named refresh cell; made (sheet MDQ, cell B1, holding the time it was made) when missing. */
function refreshCell(ss: Spreadsheet): Range {
  const found = ss.getRangeByName(REFRESH_RANGE);
  if (found) return found;
  const sheet = ss.getSheetByName(SETTINGS_SHEET) ?? keepingActiveSheet(ss, () => ss.insertSheet(SETTINGS_SHEET));
  sheet.getRange("A1").setValue(`Last refresh (MDQ > Refresh all); formulas refer to it as ${REFRESH_RANGE}`);
  const cell = sheet.getRange("B1");
  cell.setValue(new Date());
  ss.setNamedRange(REFRESH_RANGE, cell);
  return cell;
}

/** Write a new timestamp into the refresh cell, creating it if it is missing. */
export function refreshAll(): void {
  const ss = gas().SpreadsheetApp.getActiveSpreadsheet();
  refreshCell(ss).setValue(new Date());
  ss.toast(`Formulas that pass ${REFRESH_RANGE} as their refresh option fetch fresh data now.`, "MDQ", 5);
}
