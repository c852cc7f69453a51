/** The id of the template holding the viewer's modulepreload links in the built page (vite.config.ts). */
export const VIEWER_CODE_TEMPLATE_ID = 'viewer-code';

/**
 * Starts the download of the viewer's code: moves the built page's inert modulepreload links
 * (low priority) from their template into its head. Called by the entry once it has asked for the
 * galaxy's first files, so that those links do not hold back the entry's own chunks
 * (vite.config.ts, preloadViewer). Does nothing on a page without them (the dev server, a second call).
 */
export function preloadViewerCode(page: Pick<Document, 'getElementById' | 'head'>): void {
  const template = page.getElementById(VIEWER_CODE_TEMPLATE_ID);
  if (!template || !('content' in template)) return;
  template.remove();
  page.head.append((template as HTMLTemplateElement).content);
}
