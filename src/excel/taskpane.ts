/// <reference types="office-js" />
// The "MDQ settings" task pane. It runs in the shared runtime page after functions.js, waits for
// the engine functions.js loads, and works on the same runtime object as the custom functions
// (settings, cache, counters, last errors).
// Its formula builder and "Explain this cell" are builder.js, loaded when first opened.
// Everything of the core it needs comes from what the engine published (addin.ts): this script
// bundles only the pane's own modules, and the engine has already added the built-ins EdgeHTML
// lacks (older-webviews.ts) to the page by the time the pane uses them.
import type { Addin, Registration } from "./addin";
import type { Runtime } from "./runtime";
import { gatewayKeyProblem, isGatewayToken, type SetupPath } from "./setup-path";
import { errorListView, recalculateMdqCells, staleListView } from "./taskpane-errors";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function show(text: string, state: "ok" | "fail" | "busy") {
  const status = $("status");
  status.textContent = text;
  status.className = state === "busy" ? "" : state;
}

/** The session's counters: every request this runtime sent, the cells' and this pane's (which
 *  of them were the pane's own, builder.js writes: taskpane-spent.ts). */
function refreshCounts(rt: Runtime) {
  const s = rt.stats();
  shownText("requests", String(s.requests));
  shownText("credits", String(s.credits));
  shownText("fromCache", String(s.fromCache));
  shownText("lastRefresh", s.lastRefresh === null ? "never" : localTime().format(s.lastRefresh));
}

/** An element's text, set only when it changes: the pane polls while cells calculate in the same
 *  runtime, and an unchanged counter should cost their recalculation nothing. */
function shownText(id: string, text: string) {
  const element = $(id);
  if (element.textContent !== text) element.textContent = text;
}

// toLocaleString's format (the user's date and time), its formatter made once: making one costs
// milliseconds, and the time of the last answer changes at every poll of a recalculation.
let formatter: Intl.DateTimeFormat | undefined;
const localTime = () =>
  (formatter ??= new Intl.DateTimeFormat(undefined, {
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }));

const formSettings = (addin: Addin) => ({
  baseUrl: $<HTMLInputElement>("baseUrl").value.trim(),
  apiKey: $<HTMLInputElement>("apiKey").value.trim(),
  edition: addin.parseEditionSetting($<HTMLSelectElement>("edition").value),
  answerMb: Number($<HTMLInputElement>("answerMb").value),
  concurrency: Number($<HTMLInputElement>("concurrency").value),
});

const chosenPath = (): SetupPath =>
  document.querySelector<HTMLInputElement>('input[name="setup"]:checked')?.value === "gateway" ? "gateway" : "direct";

/** The two setup paths: the service with the provider's key, or the team's gateway with a token. */
function showSetup(path: SetupPath) {
  const gateway = path === "gateway";
  $("baseUrlLabel").textContent = gateway ? "Gateway URL" : "Base URL";
  $("apiKeyLabel").textContent = gateway ? "Your gateway token" : "API key";
  $<HTMLInputElement>("baseUrl").placeholder = gateway ? "https://mdq-gateway.your-team.example" : "";
  $<HTMLInputElement>("apiKey").placeholder = gateway ? "mdqg_..." : "";
  $("setupHint").textContent = gateway
    ? "Your team's gateway holds the provider's key and shares one cache; your token is yours alone and can be revoked. Ask your gateway administrator for both. A gateway usually forwards to the provider's current API: the edition is set to live."
    : "";
  const edition = $<HTMLSelectElement>("edition");
  // A gateway forwards to the provider's current API by default: live spares auto's question.
  if (gateway && edition.value === "auto") edition.value = "live";
}

/** Choosing the gateway drops the provider's key, from the form and from this computer, as the
 *  Sheets menu replaces it with the token: a gateway never needs it, and a key left in the field
 *  would go to whatever gateway URL is typed next. */
async function dropProviderKey(rt: Runtime) {
  const field = $<HTMLInputElement>("apiKey");
  if (!isGatewayToken(field.value)) field.value = "";
  const saved = await rt.settings();
  if (!saved.apiKey || isGatewayToken(saved.apiKey)) return;
  await rt.saveSettings({ ...saved, apiKey: "" });
  show(
    "The provider's API key was removed from this computer: the gateway holds it. Paste the gateway URL and your gateway token (mdqg_...), then Test connection and Save.",
    "ok",
  );
}

/** builder.js (the formula builder and "Explain this cell"), injected the first time either is
 *  opened: the runtime page starts without it (taskpane-builder.ts). */
function loadBuilderWhenOpened() {
  let injected = false;
  const load = () => {
    if (injected) return;
    injected = true;
    const script = document.createElement("script");
    script.src = "builder.js";
    script.onerror = () => {
      injected = false;
      $("builder").textContent = "MDQ: the builder could not be loaded; close and open this section again.";
    };
    document.head.appendChild(script);
  };
  for (const id of ["builderSection", "explainSection"]) {
    const section = $<HTMLDetailsElement>(id);
    section.addEventListener("toggle", () => {
      if (section.open) load();
    });
    // EdgeHTML has no <details>: it shows the sections open and never fires toggle, but a click
    // on a heading is still a click.
    section.querySelector("summary")?.addEventListener("click", load);
  }
}

/** The engine functions.js loads (register.ts): the pane waits for it, or says why it failed. */
async function engine(): Promise<Addin | undefined> {
  // window, not globalThis: if functions.js did not load, EdgeHTML has no globalThis either.
  const registration = (window as { MDQ_REGISTRATION?: Registration }).MDQ_REGISTRATION;
  if (!registration) {
    show("MDQ: the functions script did not load; reload the add-in.", "fail");
    return undefined;
  }
  try {
    return await registration.engine;
  } catch (e) {
    show((e as Error).message, "fail");
    return undefined;
  }
}

async function start() {
  const addin = await engine();
  if (!addin) return;
  const rt = addin.runtime();
  const saved = await rt.settings();
  $<HTMLInputElement>("baseUrl").value = saved.baseUrl;
  $<HTMLInputElement>("apiKey").value = saved.apiKey ?? "";
  $<HTMLSelectElement>("edition").value = saved.edition ?? "auto";
  $<HTMLInputElement>("answerMb").value = String(saved.answerMb ?? addin.defaultAnswerMb);
  $<HTMLInputElement>("concurrency").value = String(saved.concurrency ?? addin.defaultConcurrency);
  const path = isGatewayToken(saved.apiKey) ? "gateway" : "direct";
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="setup"]')) {
    radio.checked = radio.value === path;
    radio.addEventListener("change", () => {
      showSetup(chosenPath());
      if (chosenPath() === "gateway")
        dropProviderKey(rt).catch((e) =>
          show(`MDQ: the saved API key could not be removed (${(e as Error).message}). Reload the add-in.`, "fail"),
        );
    });
  }
  if (path === "gateway") showSetup(path);

  $("settings").addEventListener("submit", async (event) => {
    event.preventDefault();
    const problem = gatewayKeyProblem(chosenPath(), formSettings(addin).apiKey, "saved");
    if (problem) return show(problem, "fail");
    try {
      await rt.saveSettings(formSettings(addin));
      show("Saved. Recalculate (Ctrl+Alt+F9) to fetch with the new settings.", "ok");
    } catch (e) {
      show(addin.messageOf(e, "excel"), "fail");
    }
  });
  $("test").addEventListener("click", async () => {
    const problem = gatewayKeyProblem(chosenPath(), formSettings(addin).apiKey, "sent");
    if (problem) return show(problem, "fail");
    show("Testing...", "busy");
    const report = await rt.testConnection(formSettings(addin));
    show(report.message, report.ok ? "ok" : "fail");
    refreshCounts(rt);
  });
  $("clear").addEventListener("click", async () => {
    try {
      await rt.clearCache();
      show("Cache cleared: the next calculation fetches fresh data.", "ok");
    } catch (e) {
      show(`MDQ: the answers kept on this computer could not be cleared (${(e as Error).message}); the ones in memory are.`, "fail");
    }
    refreshCounts(rt);
  });
  const showErrors = errorListView($<HTMLOListElement>("errors"), $("noErrors"));
  const showStale = staleListView($<HTMLOListElement>("stale"), $("noStale"), addin.ageText);
  $("recalculate").addEventListener("click", async () => {
    show("Recalculating...", "busy");
    const report = await recalculateMdqCells(rt);
    show(report.message, report.ok ? "ok" : "fail");
    refreshCounts(rt);
  });
  const refresh = () => {
    refreshCounts(rt);
    showErrors(rt);
    showStale(rt);
  };
  refresh();
  // A call of the pane's own shows in the counters when it is answered, not at the next poll: the
  // event builder.js sends (taskpane-spent.ts's PANE_SPENT_EVENT; a module of its own would be
  // bundled twice).
  document.addEventListener("mdq-pane-spent", () => refreshCounts(rt));
  loadBuilderWhenOpened();
  // Once, when the answers cannot outlive this session (no IndexedDB).
  rt.storeNote().then((note) => note && show(note, "ok"));
  // The counters and errors change whenever cells calculate; a light poll keeps the pane current.
  setInterval(refresh, 2000);
  document.body.dataset.ready = "true";
}

Office.onReady(() => {
  start().catch((e) => show(`MDQ: the settings could not be loaded (${(e as Error).message}).`, "fail"));
});
