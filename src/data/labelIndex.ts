/**
 * Node names as one string and two offset arrays: name i is labelText.slice(labelStarts[i], labelEnds[i]).
 * One string and two transferable arrays cross threads far faster than 200k strings, and the loader
 * can point into labels.json's own text instead of copying each name out of it.
 */
export interface LabelIndex {
  labelText: string;
  labelStarts: Uint32Array;
  labelEnds: Uint32Array;
}

export const EMPTY_LABELS: LabelIndex = { labelText: '', labelStarts: new Uint32Array(0), labelEnds: new Uint32Array(0) };

export function labelAt(index: LabelIndex, id: number): string {
  return index.labelText.slice(index.labelStarts[id], index.labelEnds[id]);
}

/** The index of names already held as strings: they are joined end to end. */
export function indexLabels(labels: readonly string[]): LabelIndex {
  const labelStarts = new Uint32Array(labels.length);
  const labelEnds = new Uint32Array(labels.length);
  let end = 0;
  for (let i = 0; i < labels.length; i++) {
    labelStarts[i] = end;
    end += labels[i].length;
    labelEnds[i] = end;
  }
  return { labelText: labels.join(''), labelStarts, labelEnds };
}

export function splitLabels(index: LabelIndex): string[] {
  const labels = new Array<string>(index.labelEnds.length);
  for (let i = 0; i < labels.length; i++) labels[i] = labelAt(index, i);
  return labels;
}
