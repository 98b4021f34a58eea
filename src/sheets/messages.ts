// The core's message, plus what only a Sheets user needs to know about it.
import { isLoopbackUrl } from "../../shared/base-url";
import { type MdqError, toMdqError } from "../../shared/errors";
import { SHEETS_LIMIT_MS } from "./settings";

export function sheetsMessage(e: unknown, baseUrl: string, apiKey: string | undefined, budgetMs: number): string {
  const err: MdqError = toMdqError(e, apiKey);
  let message = err.message;
  if (err.kind === "timeout") {
    message += ` Google Sheets stops a custom function after ${SHEETS_LIMIT_MS / 1000} s, so MDQ gives up after ${budgetMs / 1000} s.`;
  }
  if (err.kind === "network" && isLoopbackUrl(baseUrl)) {
    message +=
      " Google's servers run this function and cannot reach a sandbox on your computer: set an https:// address on the internet (menu MDQ > Set base URL).";
  }
  if (err.status !== undefined && err.status >= 300 && err.status < 400) {
    message +=
      " The base URL redirects elsewhere; MDQ does not follow redirects (the key would go along), so set the address it redirects to.";
  }
  return message;
}
