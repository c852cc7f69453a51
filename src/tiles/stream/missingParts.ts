/**
 * The parts of a tiled galaxy that could not be read, each with its warning (docs/rules.md#panels),
 * by a key of the part ("tile 5", "names 5"). Parts that failed alike share their message (the tiles
 * whose names are in one shard that stalled): once one of them arrives, that file could be read, and
 * the warning goes for them all.
 */
export class MissingParts {
  private readonly messages = new Map<string, string>();
  private shown: readonly string[] = [];

  /** The warnings, oldest first, each once: the same array until they change. */
  get warnings(): readonly string[] {
    return this.shown;
  }

  /** Says whether the warnings changed. */
  failed(part: string, message: string): boolean {
    this.messages.set(part, message);
    return this.update();
  }

  /** The part arrived: its warning goes, with every part's that failed with the same message. Says whether the warnings changed. */
  arrived(part: string): boolean {
    const message = this.messages.get(part);
    if (message === undefined) return false;
    for (const [other, otherMessage] of this.messages) if (otherMessage === message) this.messages.delete(other);
    return this.update();
  }

  clear(): void {
    this.messages.clear();
    this.shown = [];
  }

  private update(): boolean {
    const now = [...new Set(this.messages.values())];
    if (now.length === this.shown.length && now.every((warning, i) => warning === this.shown[i])) return false;
    this.shown = now;
    return true;
  }
}
