/** The tests launch Chromium the way `galaxy thumbnail` does: one definition, in src/browser. */
export { chromiumArgs, chromiumPath } from '../../src/browser/chromium.ts';
