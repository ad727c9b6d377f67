import type { FastifyPluginAsync } from 'fastify';
import { commonArea } from './common/common.area';
import { complianceArea } from './compliance/compliance.area';
import { contentArea } from './content/content.area';
import { monitorArea } from './monitor/monitor.area';
import { deliveryPlugin } from './publish/delivery/delivery.plugin';
import { publishArea } from './publish/publish.area';
import { downloadArea } from './system/download/download.area';
import { notificationArea } from './system/notification/notification.area';
import { systemArea } from './system/system.area';
import { toolArea } from './tool/tool.area';
import { workArea } from './work/work.area';

/**
 * Every area, mounted under /prod-api in this order. Each registers its own routes and job
 * handlers; an area that uses another's services comes after it (work after content, publish after both). Add an
 * area here and nowhere else.
 */
export const areas: FastifyPluginAsync[] = [
  notificationArea,
  downloadArea,
  systemArea,
  monitorArea,
  toolArea,
  commonArea,
  contentArea,
  workArea,
  publishArea,
  complianceArea,
  deliveryPlugin,
];
