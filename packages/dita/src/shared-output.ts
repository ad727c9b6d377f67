/**
 * What another content standard's publisher shares with this one (`@ccms/dita/shared-output`): the
 * confined Chromium page every PDF is printed in (it loads only the output's own folder), the PDF
 * readers the two-pass table of contents needs, and the HTML5 site's stylesheet, client script and
 * search tokens. Re-exported, not copied: a fix here is a fix for every standard.
 */
export { DEFAULT_CSS, DEFAULT_JS } from './html/html-assets.js';
export { searchTokens } from './html/search-index.js';
export type { ConfinedPageOptions } from './pdf/confined-page.js';
export { DEFAULT_CHROMIUM, withConfinedPage } from './pdf/confined-page.js';
export { namedDestinationPages, pdfPageCount } from './pdf/pdf-outline.js';
