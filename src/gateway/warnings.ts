// Warning lines, at most one per kind a minute: a Redis that refuses every write, or a connection
// that fails again and again, would otherwise write a line per request (73,636 lines for 40,000
// requests). The lines held back are counted in the next line of their kind.

export const WARNING_EVERY_MS = 60_000;

export class Warnings {
  private readonly kinds = new Map<string, { since: number; held: number }>();

  constructor(
    private readonly now: () => number,
    private readonly write: (message: string) => void,
  ) {}

  say(kind: string, message: string): void {
    const t = this.now();
    const last = this.kinds.get(kind);
    if (last && t - last.since < WARNING_EVERY_MS) {
      last.held++;
      return;
    }
    this.kinds.set(kind, { since: t, held: 0 });
    this.write(last?.held ? `${message} (and ${last.held} more like it since the last such line)` : message);
  }
}
