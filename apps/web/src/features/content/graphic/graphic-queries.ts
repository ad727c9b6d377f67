import { graphicApi } from './graphic-api';
import { resourceData } from './resource-queries';

/** Graphics: `graphicData.keys`, `.queries`, `useResourceList(...)` and the other hooks of resource-queries.ts). */
export const graphicData = resourceData('graphic', graphicApi);
