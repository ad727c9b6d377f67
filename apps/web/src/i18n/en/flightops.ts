import type { Messages } from '../types';
import type zh from '../zh/flightops';

const flightops: Messages<typeof zh> = {
  button: 'Manufacturer revision',
  title: 'Load a manufacturer revision',
  intro:
    "The revision package (zip) is committed as delivered on the manufacturer branch, then each DU is merged three-way with the airline branch into a new branch revision/<name>; a conflict keeps the airline's text until it is resolved.",
  revision: 'Revision name',
  manufacturerBranch: 'Manufacturer branch',
  folder: 'Folder',
  folderPlaceholder: "the library folder the package's files live in (empty: the root)",
  file: 'Revision package',
  pick: 'Choose a zip',
  fileRequired: 'Choose the revision package (zip)',
  load: 'Load and merge',
  loaded: 'Merged into {{branch}}',
  noCommit: 'Nothing to commit',
  summary: 'added {{added}} · revised {{revised}} · deleted {{deleted}} · merged {{merged}} · airline kept {{kept}} · conflicts {{conflicts}}',
  lists: { added: 'Added', revised: 'Revision taken', deleted: 'Deleted', merged: 'Merged line by line', airlineKept: 'Airline edits kept' },
  conflicts: 'Conflicts',
  noConflict: 'No conflict',
  reasons: {
    bothChanged: 'both changed the same lines',
    deletedByManufacturer: 'the manufacturer deleted a DU the airline changed',
    deletedByAirline: 'the airline deleted a DU the manufacturer revised',
    addedByBoth: 'both added a DU of the same name',
  },
  lines: 'lines {{from}}–{{to}}',
  binary: 'a binary file: choose a side',
  base: 'Previous (manufacturer)',
  manufacturer: 'New revision (manufacturer)',
  airline: 'Airline',
  resolution: 'Resolved text',
  takeManufacturer: "Take the manufacturer's",
  keepAirline: "Keep the airline's",
  remove: 'Remove the file',
  saveResolution: 'Commit the resolution',
  resolved: 'Resolved',
  absent: '(no such file)',
};
export default flightops;
