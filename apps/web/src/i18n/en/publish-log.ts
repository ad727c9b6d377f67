import type { Messages } from '../types';
import type zh from '../zh/publish-log';

/** The publish log (ccms/publishLog). */
const publishLog: Messages<typeof zh> = {
  log: {
    logId: 'Id',
    publication: 'Publication',
    library: 'Library',
    errors: 'Errors',
    warnings: 'Warnings',
    duration: 'Duration',
    ms: '{{n}} ms',
    operName: 'Published by',
    startTime: 'Start time',
  },
};

export default publishLog;
