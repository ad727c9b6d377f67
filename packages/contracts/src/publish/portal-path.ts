/** The web path of the reader's portal (outside the admin shell); no imports, so the first screen's router may use it. */
export const PORTAL_PATH = '/portal';
