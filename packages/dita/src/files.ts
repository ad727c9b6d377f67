import type { FileRole, StandardFiles } from '@ccms/contracts/content/standard';

/**
 * DITA's reading of file paths (the content-standard seam, `@ccms/contracts/content/standard`):
 * the only place outside this package's engine that knows DITA's file extensions.
 */

const MAP = /\.(ditamap|bookmap)$/i;
const TOPIC = /\.dita$/i;
const FILTER = /\.ditaval$/i;
/** Files the engine parses: maps, topics, DITAVAL, and .xml (a topic or map saved under a generic extension). */
const SOURCE = /\.(dita|ditamap|bookmap|xml|ditaval)$/i;
const IMAGE = /\.(png|jpe?g|gif|svg|webp|bmp|tiff?)$/i;
const VIDEO = /\.(mp4|webm|ogv|ogg|mov|avi|mkv|m4v)$/i;

/** A DITA map or bookmap, by its name. */
export const isDitaMap = (path: string) => MAP.test(path);
/** A bookmap, by its name. */
export const isBookmapName = (path: string) => /\.bookmap$/i.test(path);
/** A DITA topic, by its name (.dita; a topic saved as .xml is found by its content). */
export const isDitaTopic = (path: string) => TOPIC.test(path);
/** Maps, topics and .xml: what an author may open as DITA (a .xml holds a topic or a map as often as not). */
export const isDitaContent = (path: string) => MAP.test(path) || TOPIC.test(path) || /\.xml$/i.test(path);
/** An image, by its name. */
export const isImageName = (path: string) => IMAGE.test(path);
/** A video, by its name. */
export const isVideoName = (path: string) => VIDEO.test(path);
/** The extension a new topic gets. */
export const TOPIC_EXTENSION = '.dita';
/** The extension a new map gets. */
export const MAP_EXTENSION = '.ditamap';
/** A map's name as a pattern, for what takes a RegExp (zod's `.regex`, antd's `pattern` rule). */
export const MAP_NAME_PATTERN = new RegExp(MAP);
/** A new topic's file name as a pattern: a letter or digit, then letters, digits, '.', '_' or '-', ending in .dita as written. */
export const TOPIC_FILE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*\.dita$/;

export const ditaFiles: StandardFiles = {
  id: 'dita',
  roleOf(path: string): FileRole {
    if (MAP.test(path)) return 'document';
    if (TOPIC.test(path)) return 'unit';
    if (FILTER.test(path)) return 'rules';
    if (IMAGE.test(path) || VIDEO.test(path)) return 'resource';
    return 'other';
  },
  isSource: (path: string) => SOURCE.test(path),
};
