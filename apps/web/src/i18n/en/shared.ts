import type { Messages } from '../types';
import type zh from '../zh/shared';

const shared: Messages<typeof zh> = {
  list: {
    hideSearch: 'Hide search',
    showSearch: 'Show search',
    refresh: 'Refresh',
    columns: 'Columns',
    empty: 'No data',
    selected: '{{count}} selected',
  },
  pagination: {
    total: 'Total {{total}}',
    perPage: '{{size}}/page',
    goTo: 'Go to',
    page: '',
    prev: 'Previous',
    next: 'Next',
  },
  upload: {
    selectFile: 'Select file',
    tipPrefix: 'Please upload files',
    tipSize: 'smaller than {{size}} MB',
    tipType: 'in {{types}} format',
    tipSuffix: '',
    wrongFormat: 'Wrong file format, please upload files in {{types}} format!',
    wrongImageFormat: 'Wrong file format, please upload images in {{types}} format!',
    tooLarge: 'Upload file size cannot exceed {{size}} MB!',
    tooLargeImage: 'Image size cannot exceed {{size}} MB!',
    tooMany: 'The number of uploaded files cannot exceed {{limit}}!',
    failed: 'Upload failed, please try again',
    uploading: 'Uploading, please wait...',
    imageUploading: 'Uploading image, please wait...',
    remove: 'Delete',
  },
  preview: { title: 'Preview', alt: 'Image' },
  tree: { placeholder: 'Please select', search: 'Search by name' },
  libraryBar: {
    library: 'Library',
    libraryPlaceholder: 'Choose a library',
    branch: 'Branch',
    readOnly: 'You can only read this library',
    atCommit: 'Commit {{commit}}',
  },
  dict: { unknown: 'Unknown' },
  denied: {
    right: 'You need the right “{{name}}” ({{perms}}) to {{purpose}}',
    rightNoName: 'You need the right {{perms}} to {{purpose}}',
    oneOf: 'You need one of these rights to {{purpose}}: {{rights}}',
    level: 'You need at least the “{{level}}” level on this {{object}} to {{purpose}}',
    separator: '; ',
    purposes: { see: 'see this', do: 'do this' },
    objects: { library: 'library', project: 'project', regulation: 'regulation' },
    levels: { owner: 'Owner', admin: 'Admin', write: 'Write', publish: 'Publish', read: 'Read' },
  },
};
export default shared;
