// What functions.js publishes for the task pane (globalThis.MDQ_ADDIN): the shared runtime and
// the few core values the pane shows. The pane runs after functions.js in the same page and takes
// them from here instead of bundling a second copy of the modules they come from; this module holds
// types only, so importing it costs the pane nothing.
import type { ageText, DEFAULT_ANSWER_MB, messageOf, parseEditionSetting } from "../../shared";
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
}
