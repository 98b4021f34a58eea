// MDQ > Use a team gateway: the setup path for shared trackers. The spreadsheet keeps the team
// gateway's address and a gateway token (revocable, one per tracker or person) instead of the
// provider's key, which stays on the gateway (docs/gateway.md).
import { gas } from "./apps-script";
import { ask, baseUrlProblem, keyProblem, tell } from "./menu";
import { PROPERTY } from "./settings";

const props = () => gas().PropertiesService.getScriptProperties();

export function useGateway(): void {
  const url = ask(
    "MDQ: team gateway (1 of 2)",
    "Your team's MDQ gateway address, starting with https:// (your gateway administrator has it). The gateway holds the provider's key: this spreadsheet keeps only a gateway token, which the administrator can revoke at any time.",
  );
  if (!url) return;
  const problem = baseUrlProblem(url);
  if (problem) {
    tell("MDQ", `${problem} Nothing was saved.`);
    return;
  }
  const token = ask(
    "MDQ: team gateway (2 of 2)",
    `The gateway token for this spreadsheet. It is stored in Script Properties (${PROPERTY.apiKey}), which every editor of this spreadsheet can read: ask your administrator for a token for this tracker, so that revoking it affects nothing else.`,
  );
  if (!token) return;
  const tokenProblem = keyProblem(token, "a gateway token");
  if (tokenProblem) {
    tell("MDQ", `${tokenProblem} Nothing was saved.`);
    return;
  }
  props().setProperty(PROPERTY.baseUrl, url);
  props().setProperty(PROPERTY.apiKey, token);
  // A gateway forwards to the provider's current API unless its administrator chose otherwise:
  // live spares the question "auto" would ask it.
  const edition = props().getProperty(PROPERTY.edition);
  const editionNote =
    !edition || edition === "auto"
      ? " Edition set to live (the provider's current API, where a gateway forwards by default): if your gateway forwards to a spec-edition service, change it with MDQ > Set edition."
      : ` Edition: ${edition} (MDQ > Set edition changes it).`;
  if (!edition || edition === "auto") props().setProperty(PROPERTY.edition, "live");
  tell("MDQ", `Team gateway saved: ${url}, with your gateway token.${editionNote} Use MDQ > Test connection to check it.`);
}
