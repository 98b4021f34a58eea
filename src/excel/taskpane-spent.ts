// What the task pane itself spends (company search, pick lists, preview, explain), for its "This
// session" counters. The pane's calls go through the same runtime as the cells, so the runtime's
// counts already hold them; this tally (kept by builder.js, which makes the calls) says which part
// was the pane's, and a DOM event tells taskpane.js, which shares no module with builder.js, to
// redraw the runtime's counters at once instead of at its next poll.
import type { CallPurpose } from "../builder/host";
import { plural } from "../builder/table";

/** The event builder.js sends on the document after each call of its own; taskpane.ts listens. */
export const PANE_SPENT_EVENT = "mdq-pane-spent";

export interface PaneCall {
  purpose: CallPurpose;
  /** Requests the call sent (0: answered from the cache). */
  requests: number;
  credits: number;
}

const ORDER: readonly CallPurpose[] = ["company search", "pick list", "preview", "explain"];

/** The pane's calls this session, by purpose. */
export class PaneTally {
  private readonly spent = new Map<CallPurpose, { calls: number; requests: number; credits: number }>();

  add(call: PaneCall): void {
    const sum = this.spent.get(call.purpose) ?? { calls: 0, requests: 0, credits: 0 };
    this.spent.set(call.purpose, { calls: sum.calls + 1, requests: sum.requests + call.requests, credits: sum.credits + call.credits });
  }

  /** "2 requests, 5 credits: company search 1 request, 1 credit; preview 1 request, 4 credits",
   *  or "none" before the pane has asked anything. */
  text(): string {
    const parts = ORDER.flatMap((p) => {
      const s = this.spent.get(p);
      return s ? [{ p, ...s }] : [];
    });
    if (parts.length === 0) return "none";
    const total = (k: "requests" | "credits") => parts.reduce((n, s) => n + s[k], 0);
    const each = parts.map((s) => `${s.p} ${plural(s.requests, "request")}, ${plural(s.credits, "credit")}`);
    return `${plural(total("requests"), "request")}, ${plural(total("credits"), "credit")}: ${each.join("; ")}`;
  }
}
