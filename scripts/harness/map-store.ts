// The add-in's store of answers kept across sessions (IndexedDB in the page: src/excel/answer-store.ts)
// as a Map of this process, written at once: a "reopened" runtime is a new one over the same store.
// For the tests and the bench, which drive the runtime's rules without a browser.
import type { AnswerStore, StoredAnswer } from "../../src/excel/answer-store";

export function mapStore(records = new Map<string, StoredAnswer>()): AnswerStore & { records: Map<string, StoredAnswer> } {
  return {
    records,
    load: async () => [...records.values()],
    put: (a) => void records.set(a.key, a),
    clear: async () => records.clear(),
  };
}
