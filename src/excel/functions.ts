/// <reference types="custom-functions-runtime" />
// The custom functions bundle (dist/excel/functions.js): registers every generated wrapper and
// publishes the runtime for the task pane, which runs in the same shared runtime page and takes
// what it needs of the core from here (addin.ts), so the page loads each module once.
// First, before any module that calls a built-in EdgeHTML lacks.
import "./older-webviews";
import {
  ageText,
  applyNumberFormat,
  CATALOGUE,
  columnFormat,
  DEFAULT_ANSWER_MB,
  DISPLAY_OPTIONS,
  GROUP_TITLES,
  isDateColumn,
  messageOf,
  parseEditionSetting,
  serialToIso,
} from "../../shared";
import type { Addin } from "./addin";
import { WRAPPERS } from "./functions.generated";
import { runtime, useRuntime } from "./invoke";
import { createRuntime } from "./runtime";
import { DEFAULT_CONCURRENCY } from "./settings";

for (const [id, fn] of Object.entries(WRAPPERS)) CustomFunctions.associate(id, fn);

const published: Addin = {
  runtime,
  useRuntime,
  createRuntime,
  parseEditionSetting,
  ageText,
  messageOf,
  defaultAnswerMb: DEFAULT_ANSWER_MB,
  defaultConcurrency: DEFAULT_CONCURRENCY,
  catalogue: CATALOGUE,
  displayOptions: DISPLAY_OPTIONS,
  groupTitles: GROUP_TITLES,
  presentation: { columnFormat, applyNumberFormat, isDateColumn, serialToIso },
};
(globalThis as { MDQ_ADDIN?: Addin }).MDQ_ADDIN = published;
