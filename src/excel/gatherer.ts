// Cells that share a request: Excel calls each VALUE cell of a recalculation on its own, in quick
// succession. The calls of one group (one company's dataset) wait a few milliseconds for each other
// and then all run with the widest reach any of them needs, so they send one and the same request
// (the gate shares it in flight, the cache afterwards). The widest reach of a group is kept for the
// session: a later cell of the group asks for the same request, which the cache holds.
export class Gatherer {
  private readonly open = new Map<string, { cover: number; ready: Promise<number> }>();
  private readonly widest = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    // Called as a plain function: a browser's setTimeout refuses to run as another object's method.
    private readonly setTimer: (run: () => void, ms: number) => unknown = (run, ms) => setTimeout(run, ms),
  ) {}

  /** The reach to run with: this call's, widened to its group's widest, once the window closes. */
  join(group: string, cover: number): Promise<number> {
    const wide = Math.max(cover, this.widest.get(group) ?? 0);
    const gathering = this.open.get(group);
    if (gathering) {
      gathering.cover = Math.max(gathering.cover, wide);
      return gathering.ready;
    }
    let release: (cover: number) => void = () => undefined;
    const entry = { cover: wide, ready: new Promise<number>((resolve) => (release = resolve)) };
    // The timer first: a group is open only once it is sure to close.
    this.setTimer(() => {
      this.open.delete(group);
      this.widest.set(group, entry.cover);
      release(entry.cover);
    }, this.windowMs);
    this.open.set(group, entry);
    return entry.ready;
  }
}
