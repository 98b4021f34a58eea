// The settings panel: base URL and API key, read and saved through the Excel runtime (so through
// the OfficeRuntime.storage stand-in, i.e. localStorage), a connection test, and a way back to
// this page's own sandbox.
import { messageOf, parseEditionSetting, SANDBOX } from "../../shared";
import type { Runtime } from "../excel/runtime";
import type { AddinSettings } from "../excel/settings";
import { sandboxEdition } from "./host";

const shown = (e: unknown): string => messageOf(e, "playground");

export function attachSettings(root: HTMLElement, runtime: Runtime, onSaved: () => void): void {
  const baseUrl = root.querySelector<HTMLInputElement>("#settings-base-url")!;
  const apiKey = root.querySelector<HTMLInputElement>("#settings-api-key")!;
  const edition = root.querySelector<HTMLSelectElement>("#settings-edition")!;
  // The settings this panel does not show (answer limit, requests at once) are kept as saved.
  let saved: Partial<AddinSettings> = {};
  const form = (): AddinSettings => ({
    ...saved,
    baseUrl: baseUrl.value,
    apiKey: apiKey.value,
    edition: parseEditionSetting(edition.value),
  });
  const status = root.querySelector<HTMLElement>("#settings-status")!;
  const say = (text: string, ok = true) => {
    status.textContent = text;
    status.className = ok ? "ok" : "bad";
  };

  runtime.settings().then(
    (s) => {
      saved = s;
      baseUrl.value = s.baseUrl;
      apiKey.value = s.apiKey ?? "";
      edition.value = s.edition ?? "auto";
    },
    (e: Error) => say(shown(e), false),
  );

  root.querySelector("#settings-save")!.addEventListener("click", async () => {
    try {
      const next = form();
      await runtime.saveSettings(next);
      saved = next;
      // Answers from the old service must not be shown as the new one's.
      runtime.clearCache();
      say("Saved. Every formula is calculated again.");
      onSaved();
    } catch (e) {
      say(shown(e), false);
    }
  });
  root.querySelector("#settings-test")!.addEventListener("click", async () => {
    say("Testing…");
    const report = await runtime.testConnection(form());
    say(report.message, report.ok);
  });
  root.querySelector("#settings-reset")!.addEventListener("click", () => {
    baseUrl.value = location.origin;
    apiKey.value = SANDBOX.apiKey;
    edition.value = sandboxEdition();
    say("This page's own sandbox, its edition and its demo key: Save to use them.");
  });
}
