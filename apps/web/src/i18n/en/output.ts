import type { Messages } from '../types';
import type zh from '../zh/output';

/** Publishing and its outputs: the publish dialog, output table, archive, problems and the output view (ccms/output/view). */
const output: Messages<typeof zh> = {
  publish: 'Publish',
  publishTitle: 'Choose publish configurations',
  noConfigs: 'The library has no publish configuration yet',
  queued: 'Publishing started',
  statuses: { notStarted: 'Not started', running: 'Publishing', success: 'Success', fail: 'Fail', canceled: 'Canceled' },
  statusWithProblems_one: 'Success · {{count}} problem',
  statusWithProblems_other: 'Success · {{count}} problems',
  archive: {
    action: 'Archive to release',
    title: 'Archive the output to a project release',
    ok: 'Archive',
    project: 'Project',
    projectRequired: 'Choose a project',
    release: 'Release',
    releaseRequired: 'Choose a release',
    noReleases: 'The project has no release yet',
    comment: 'Commit comment',
    done: 'Archived to release {{version}}',
  },
  output: {
    format: 'Format',
    config: 'Publish config',
    status: 'Status',
    problems: 'Problems',
    problemCounts: '{{error}} errors, {{warning}} warnings',
    commit: 'Commit',
    createBy: 'Created by',
    createTime: 'Created',
    actions: 'Actions',
    open: 'Open',
    download: 'Download',
    toDownloads: 'To download center',
    addedToDownloads: 'Zipping; download it from the download center when ready',
    openDownloads: 'Open the download center',
    cancel: 'Cancel',
    canceled: 'Publish canceled',
    delete: 'Delete',
    deleted: 'Deleted',
    confirmDelete: 'Delete this output and its files?',
  },
  problem: { severity: 'Severity', location: 'Location', code: 'Code', message: 'Message' },
  viewer: {
    title: 'Document center',
    search: 'Search publications, maps or libraries',
    empty: 'No output to read',
    notReady: 'This output cannot be viewed yet',
    frameTitle: 'Output: {{name}}',
  },
};

export default output;
