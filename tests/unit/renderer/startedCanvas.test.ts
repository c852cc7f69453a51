import { describe, expect, it } from 'vitest';
import { StartedCanvas } from '../../../src/renderer/startedCanvas';

interface FakeContext {
  lost: boolean;
  givenBack: boolean;
}

function setUp() {
  const canvas = { removed: false, remove() { this.removed = true; } };
  const context: FakeContext = { lost: false, givenBack: false };
  const started = new StartedCanvas<FakeContext>((c) => c.lost, (c) => (c.givenBack = true));
  started.hold(canvas as unknown as HTMLCanvasElement, context);
  let released = 0;
  started.releaseWhenTaken(() => released++);
  return { canvas, context, started, released: () => released };
}

describe('a canvas started before its renderer (the entry\'s first stars)', () => {
  it('is taken once, with its context, freeing what was drawn with it', () => {
    const { canvas, context, started, released } = setUp();
    expect(started.context).toBe(context);
    expect(started.take()).toEqual({ canvas, context });
    expect(released()).toBe(1);
    expect(canvas.removed).toBe(false);
    expect(started.take()).toBeUndefined();
    expect(started.context).toBeUndefined();
  });

  it('lost before it was taken, leaves the page and the renderer makes its own', () => {
    const { canvas, context, started, released } = setUp();
    context.lost = true;
    expect(started.take()).toBeUndefined();
    expect(released()).toBe(1);
    expect(canvas.removed).toBe(true);
  });

  it('dropped (the page left the galaxy first), leaves the page and its context is given back', () => {
    const { canvas, context, started, released } = setUp();
    started.drop();
    expect(released()).toBe(1);
    expect(canvas.removed).toBe(true);
    expect(context.givenBack).toBe(true);
    expect(started.take()).toBeUndefined();
    started.drop();
    expect(released()).toBe(1);
  });
});
