// "Did you mean": the known names closest to a mistyped one, as git and npm suggest them.

/** Edits (insert, delete, replace, swap two neighbours) between two words. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The known names within a third of the typed one's length in edits (at least 1, at most 3),
 *  nearest first, at most three; case does not count. */
export function closest(typed: string, known: readonly string[]): string[] {
  const word = typed.toLowerCase();
  const reach = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  return known
    .map((name) => ({ name, edits: distance(word, name.toLowerCase()) }))
    .filter((c) => c.edits <= reach)
    .sort((a, b) => a.edits - b.edits || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map((c) => c.name);
}

/** " (did you mean X?)", " (did you mean X or Y?)", or "" when nothing is close. */
export function didYouMean(typed: string, known: readonly string[]): string {
  const names = closest(typed, known);
  if (!names.length) return "";
  return ` (did you mean ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`}?)`;
}
