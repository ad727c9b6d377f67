import type { Messages } from '../types';
import type zh from '../zh/tool';

const tool: Messages<typeof zh> = {
  swagger: {
    title: 'API Docs',
    openNewWindow: 'Open in a new window',
  },
};

export default tool;
