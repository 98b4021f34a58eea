// The API key out of any text MDQ shows or logs: a service that echoes the key (whole, cut short,
// upper-cased or glued to other text) must not put it in a cell.
//   - the whole key, in any case, wherever it occurs, glued to other text too; a key of fewer than
//     GLUED characters (no real key is that short) only as a word of its own, or a key such as
//     "k" would blank out every k of the message;
//   - any run of RUN or more of its characters, in any case: a key cut short or split.

/** The shortest piece of a key that gives it away. */
export const RUN = 8;

/** Keys this long or longer are found glued to other text too. */
const GLUED = 4;

export const REDACTED = "[key]";

/** `text` with every occurrence of the key, or of any RUN-character piece of it, replaced. */
export function redactKey(text: string, apiKey: string | undefined): string {
  const key = apiKey?.trim().toLowerCase();
  if (!key || !text) return text;
  const lower = text.toLowerCase();
  const covered = new Uint8Array(text.length);
  markWhole(lower, key, covered);
  if (key.length >= RUN) markRuns(lower, key, covered);
  return replaceCovered(text, covered);
}

function markWhole(lower: string, key: string, covered: Uint8Array): void {
  const word = /[a-z0-9]/;
  for (let at = lower.indexOf(key); at >= 0; at = lower.indexOf(key, at + 1)) {
    const glued = word.test(lower[at - 1] ?? "") || word.test(lower[at + key.length] ?? "");
    if (key.length >= GLUED || !glued) covered.fill(1, at, at + key.length);
  }
}

/** The key's RUN-character windows, for the last key asked: a recalculation checks every formula's
 *  text against the same key, and would otherwise cut it into windows for each. */
let lastKey: string | undefined;
let lastPieces = new Set<string>();

function piecesOf(key: string): Set<string> {
  if (key !== lastKey) {
    lastPieces = new Set<string>();
    for (let i = 0; i + RUN <= key.length; i++) lastPieces.add(key.slice(i, i + RUN));
    lastKey = key;
  }
  return lastPieces;
}

/** Marks every RUN-character window of `lower` that is also a window of the key. */
function markRuns(lower: string, key: string, covered: Uint8Array): void {
  const pieces = piecesOf(key);
  for (let i = 0; i + RUN <= lower.length; i++) {
    if (pieces.has(lower.slice(i, i + RUN))) covered.fill(1, i, i + RUN);
  }
}

function replaceCovered(text: string, covered: Uint8Array): string {
  if (!covered.includes(1)) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (!covered[i]) out += text[i];
    else if (i === 0 || !covered[i - 1]) out += REDACTED;
  }
  return out;
}
