/**
 * A level's constellation names as one string and where each starts: npm's 3,093 names as as many
 * strings held 164 KB of the page's heap, a third of it the strings' own headers. A name is cut out
 * when asked for (the labels ask for the few they draw, the panel for the one it shows).
 */
export class NameColumn {
  /** Entries as communities.json's list has them; beyond it a level has no name. */
  readonly length: number;
  private readonly text: string;
  /** length + 1 entries: name k is text[start[k] .. start[k + 1]). */
  private readonly start: Uint32Array;

  constructor(names: readonly string[]) {
    this.length = names.length;
    this.start = new Uint32Array(names.length + 1);
    for (let k = 0; k < names.length; k++) this.start[k + 1] = this.start[k] + names[k].length;
    this.text = names.join('');
  }

  /** Whether community `id` has a name (in the list and not empty), without cutting it out. */
  isNamed(id: number): boolean {
    return id >= 0 && id < this.length && this.start[id + 1] > this.start[id];
  }

  /** Name `id`, or undefined beyond the list (an empty name stays empty). */
  at(id: number): string | undefined {
    if (!(id >= 0 && id < this.length)) return undefined;
    return this.text.slice(this.start[id], this.start[id + 1]);
  }
}
