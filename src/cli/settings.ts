// Where the command sends its requests: flags, then environment, then the local sandbox.
import type { Settings } from "../../shared/request";

export const SANDBOX_URL = "http://127.0.0.1:8787";
export const SANDBOX_KEY = "demo";

export interface CliSettings extends Settings {
  /** True when nothing was configured and the local sandbox is used. */
  sandbox: boolean;
}

export function resolveSettings(flags: { baseUrl?: string; apiKey?: string }, env: NodeJS.ProcessEnv): CliSettings {
  const baseUrl = flags.baseUrl ?? env.MDQ_BASE_URL;
  const apiKey = flags.apiKey ?? env.MDQ_API_KEY;
  if (baseUrl) return { baseUrl, apiKey, sandbox: false };
  return { baseUrl: SANDBOX_URL, apiKey: apiKey ?? SANDBOX_KEY, sandbox: true };
}
