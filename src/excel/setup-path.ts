// The task pane's two setup paths and the rule between them: on the gateway path the key field
// holds a gateway token, never the provider's key. A gateway is a server of the team's choosing
// (or a URL typed by mistake): a provider key sent there is a key handed to whoever runs it.

export type SetupPath = "direct" | "gateway";

/** Gateway tokens start so (src/gateway/tokens.ts, TOKEN_PREFIX); a provider key never does. */
export const isGatewayToken = (key: string | undefined) => /^mdqg_/.test((key ?? "").trim());

/** Why these settings cannot be tested or saved on the gateway path, or undefined when they can. */
export function gatewayKeyProblem(path: SetupPath, apiKey: string | undefined, action: "sent" | "saved"): string | undefined {
  if (path !== "gateway" || isGatewayToken(apiKey)) return undefined;
  return `MDQ: on the gateway path the key field takes your gateway token (it starts with mdqg_), never the provider's API key, which stays on the gateway. Paste the token your gateway administrator gave you. Nothing was ${action}.`;
}
