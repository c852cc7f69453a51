import { describe, expect, it } from 'vitest';
import { preloadViewerCode, VIEWER_CODE_TEMPLATE_ID } from '../../../src/boot/viewerCode';

/** A page whose head records what is appended, holding the viewer's template until it is removed. */
function page(withTemplate: boolean) {
  const appended: unknown[] = [];
  const links = { links: ['main.js', 'camera.js'] };
  let template: { content: typeof links; remove(): void } | null = withTemplate ? { content: links, remove: () => (template = null) } : null;
  const fake = {
    getElementById: (id: string) => (id === VIEWER_CODE_TEMPLATE_ID ? template : null),
    head: { append: (...nodes: unknown[]) => appended.push(...nodes) },
  } as unknown as Pick<Document, 'getElementById' | 'head'>;
  return { fake, appended, links };
}

describe("the viewer's code preloaded by the entry", () => {
  it("puts the built page's preload links into the head once", () => {
    const { fake, appended, links } = page(true);
    preloadViewerCode(fake);
    preloadViewerCode(fake);
    expect(appended).toEqual([links]);
  });

  it('does nothing on a page without them (the dev server)', () => {
    const { fake, appended } = page(false);
    preloadViewerCode(fake);
    expect(appended).toEqual([]);
  });
});
