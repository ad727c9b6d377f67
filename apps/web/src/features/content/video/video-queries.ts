import { resourceData } from '../graphic/resource-queries';
import { videoApi } from './video-api';

/** Videos: `videoData.keys`, `.queries`, `useResourceList(...)` and the other hooks of graphic/resource-queries.ts). */
export const videoData = resourceData('video', videoApi);
