// The engine (dist/excel/engine.js), loaded by functions.js (register.ts) once every function is
// registered: it serves the functions' calls, those queued until now first, and publishes the
// runtime for the task pane, which runs in the same shared runtime page and takes what it needs
// of the core from here (addin.ts), so the page loads each module once.
// First, before any module that calls a built-in EdgeHTML lacks.
import "./older-webviews";
import {
  ageText,
  applyNumberFormat,
  columnFormat,
  DEFAULT_ANSWER_MB,
  DISPLAY_OPTIONS,
  GROUP_TITLES,
  isDateColumn,
  messageOf,
  parseEditionSetting,
  serialToIso,
} from "../../shared";
import type { Addin, Registration } from "./addin";
import { allRows } from "./catalogue-rows";
import { call, runtime, useRuntime } from "./invoke";
import { createRuntime } from "./runtime";
import { DEFAULT_CONCURRENCY } from "./settings";

const published: Addin = {
  runtime,
  useRuntime,
  createRuntime,
  parseEditionSetting,
  ageText,
  messageOf,
  defaultAnswerMb: DEFAULT_ANSWER_MB,
  defaultConcurrency: DEFAULT_CONCURRENCY,
  catalogue: allRows,
  displayOptions: DISPLAY_OPTIONS,
  groupTitles: GROUP_TITLES,
  presentation: { columnFormat, applyNumberFormat, isDateColumn, serialToIso },
};
const page = globalThis as { MDQ_ADDIN?: Addin; MDQ_REGISTRATION?: Registration };
page.MDQ_ADDIN = published;
// The calls functions.js queued, then every later one. Without it (a page that loads the engine
// alone) there is nothing to serve.
page.MDQ_REGISTRATION?.attach(published, call);
