/// <reference types="office-js" />
// The "MDQ settings" task pane. It runs in the shared runtime page after functions.js, and works
// on the same runtime object as the custom functions (settings, cache, counters, last errors).
// First, before any module that calls a built-in EdgeHTML lacks.
import "./older-webviews";
import { DEFAULT_ANSWER_MB, parseEditionSetting } from "../../shared";
import type { Runtime } from "./runtime";
import { DEFAULT_CONCURRENCY } from "./settings";
import { errorListView, recalculateMdqCells, staleListView } from "./taskpane-errors";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function show(text: string, state: "ok" | "fail" | "busy") {
  const status = $("status");
  status.textContent = text;
  status.className = state === "busy" ? "" : state;
}

function refreshCounts(rt: Runtime) {
  const s = rt.stats();
  $("requests").textContent = String(s.requests);
  $("credits").textContent = String(s.credits);
  $("fromCache").textContent = String(s.fromCache);
  $("lastRefresh").textContent = s.lastRefresh === null ? "never" : new Date(s.lastRefresh).toLocaleString();
}

const formSettings = () => ({
  baseUrl: $<HTMLInputElement>("baseUrl").value.trim(),
  apiKey: $<HTMLInputElement>("apiKey").value.trim(),
  edition: parseEditionSetting($<HTMLSelectElement>("edition").value),
  answerMb: Number($<HTMLInputElement>("answerMb").value),
  concurrency: Number($<HTMLInputElement>("concurrency").value),
});

/** Gateway tokens start so (src/gateway/tokens.ts): a saved one means the gateway path was chosen. */
const GATEWAY_TOKEN = /^mdqg_/;

/** The two setup paths: the service with the provider's key, or the team's gateway with a token. */
function showSetup(path: "direct" | "gateway") {
  const gateway = path === "gateway";
  $("baseUrlLabel").textContent = gateway ? "Gateway URL" : "Base URL";
  $("apiKeyLabel").textContent = gateway ? "Your gateway token" : "API key";
  $<HTMLInputElement>("baseUrl").placeholder = gateway ? "https://mdq-gateway.your-team.example" : "";
  $<HTMLInputElement>("apiKey").placeholder = gateway ? "mdqg_..." : "";
  $("setupHint").textContent = gateway
    ? "Your team's gateway holds the provider's key and shares one cache; your token is yours alone and can be revoked. Ask your gateway administrator for both. A gateway usually forwards to the provider's current API: the edition is set to live."
    : "";
  const edition = $<HTMLSelectElement>("edition");
  // A gateway's host is not the provider's, so auto would pick the spec edition.
  if (gateway && edition.value === "auto") edition.value = "live";
}

async function start() {
  const addin = (globalThis as { MDQ_ADDIN?: { runtime(): Runtime } }).MDQ_ADDIN;
  if (!addin) return show("MDQ: the functions script did not load; reload the add-in.", "fail");
  const rt = addin.runtime();
  const saved = await rt.settings();
  $<HTMLInputElement>("baseUrl").value = saved.baseUrl;
  $<HTMLInputElement>("apiKey").value = saved.apiKey ?? "";
  $<HTMLSelectElement>("edition").value = saved.edition ?? "auto";
  $<HTMLInputElement>("answerMb").value = String(saved.answerMb ?? DEFAULT_ANSWER_MB);
  $<HTMLInputElement>("concurrency").value = String(saved.concurrency ?? DEFAULT_CONCURRENCY);
  const path = GATEWAY_TOKEN.test(saved.apiKey ?? "") ? "gateway" : "direct";
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="setup"]')) {
    radio.checked = radio.value === path;
    radio.addEventListener("change", () => showSetup(radio.value === "gateway" ? "gateway" : "direct"));
  }
  if (path === "gateway") showSetup(path);

  $("settings").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await rt.saveSettings(formSettings());
      show("Saved. Recalculate (Ctrl+Alt+F9) to fetch with the new settings.", "ok");
    } catch (e) {
      show((e as Error).message, "fail");
    }
  });
  $("test").addEventListener("click", async () => {
    show("Testing...", "busy");
    const report = await rt.testConnection(formSettings());
    show(report.message, report.ok ? "ok" : "fail");
    refreshCounts(rt);
  });
  $("clear").addEventListener("click", () => {
    rt.clearCache();
    show("Cache cleared: the next calculation fetches fresh data.", "ok");
    refreshCounts(rt);
  });
  const showErrors = errorListView($<HTMLOListElement>("errors"), $("noErrors"));
  const showStale = staleListView($<HTMLOListElement>("stale"), $("noStale"));
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
  // The counters and errors change whenever cells calculate; a light poll keeps the pane current.
  setInterval(refresh, 2000);
  document.body.dataset.ready = "true";
}

Office.onReady(() => {
  start().catch((e) => show(`MDQ: the settings could not be loaded (${(e as Error).message}).`, "fail"));
});
