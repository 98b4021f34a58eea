/// <reference types="custom-functions-runtime" />
// The custom functions bundle (dist/excel/functions.js): registers every generated wrapper and
// publishes the runtime for the task pane, which runs in the same shared runtime page.
// First, before any module that calls a built-in EdgeHTML lacks.
import "./older-webviews";
import { WRAPPERS } from "./functions.generated";
import { runtime, useRuntime } from "./invoke";
import { createRuntime } from "./runtime";

for (const [id, fn] of Object.entries(WRAPPERS)) CustomFunctions.associate(id, fn);

(globalThis as { MDQ_ADDIN?: unknown }).MDQ_ADDIN = { runtime, useRuntime, createRuntime };
