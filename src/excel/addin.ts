/// <reference types="custom-functions-runtime" />
// What the engine (engine.js) publishes for the task pane (globalThis.MDQ_ADDIN): the shared runtime and
// the few core values the pane shows, and the catalogue's rows (without their prose) with the
// words the builder needs of the core (builder.js, loaded when the pane's builder is opened). The pane runs in the same page, waits for the engine (Registration.engine) and takes
// them from here instead of bundling a second copy of the modules they come from; this module holds
// types only, so importing it costs the pane nothing.
import type { ageText, DEFAULT_ANSWER_MB, DISPLAY_OPTIONS, FunctionSpec, GROUP_TITLES, messageOf, parseEditionSetting } from "../../shared";
import type { Presentation } from "../builder/look";
import type { createRuntime, Runtime } from "./runtime";
import type { DEFAULT_CONCURRENCY } from "./settings";

export interface Addin {
  runtime(): Runtime;
  useRuntime(next: Runtime): Runtime;
  createRuntime: typeof createRuntime;
  parseEditionSetting: typeof parseEditionSetting;
  ageText: typeof ageText;
  messageOf: typeof messageOf;
  defaultAnswerMb: typeof DEFAULT_ANSWER_MB;
  defaultConcurrency: typeof DEFAULT_CONCURRENCY;
  /** Every row, in the catalogue's order, once the engine has them all (it loads them by family). */
  catalogue(): Promise<readonly FunctionSpec[]>;
  displayOptions: typeof DISPLAY_OPTIONS;
  groupTitles: typeof GROUP_TITLES;
  /** The core's presentation of columns, for the builder's preview (src/builder/look.ts). */
  presentation: Presentation;
}

/** Serves one call as a registered function: its id, its arguments, Excel's invocation. */
export type Serve = (id: string, args: unknown[], invocation?: CustomFunctions.CancelableInvocation) => Promise<unknown>;

/** What functions.js (register.ts) publishes as globalThis.MDQ_REGISTRATION, before the engine
 *  has loaded: the engine attaches to it and serves the calls queued until then; the task pane,
 *  its builder and the playground wait for `engine`, which fails, saying why, when the engine
 *  could not load. */
export interface Registration {
  engine: Promise<Addin>;
  attach(addin: Addin, serve: Serve): void;
}
