// What functions.js publishes for the task pane (globalThis.MDQ_ADDIN): the shared runtime and
// the few core values the pane shows, and the catalogue's rows (without their prose) with the
// words the builder needs of the core (builder.js, loaded when the pane's builder is opened). The pane runs after functions.js in the same page and takes
// them from here instead of bundling a second copy of the modules they come from; this module holds
// types only, so importing it costs the pane nothing.
import type { ageText, CATALOGUE, DEFAULT_ANSWER_MB, DISPLAY_OPTIONS, GROUP_TITLES, messageOf, parseEditionSetting } from "../../shared";
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
  catalogue: typeof CATALOGUE;
  displayOptions: typeof DISPLAY_OPTIONS;
  groupTitles: typeof GROUP_TITLES;
  /** The core's presentation of columns, for the builder's preview (src/builder/look.ts). */
  presentation: Presentation;
}
