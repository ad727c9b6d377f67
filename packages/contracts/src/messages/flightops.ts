/** Flight-operations revisions (issue 32), in both languages. */
export const flightopsMessages = {
  zh: {
    'flightops.manufacturerBranchMissing': '{field}：库中没有分支“{branch}”（保存制造商修订原样的分支）',
    'flightops.revisionExists': '{field}：分支“{branch}”已存在，请换一个修订名',
    'flightops.emptyPackage': '{field}：修订包中没有文件',
    'flightops.branchMissing': '{field}：库中没有分支“{branch}”',
  },
  en: {
    'flightops.manufacturerBranchMissing': '{field}: the library has no branch "{branch}" (the branch that keeps the manufacturer revisions as delivered)',
    'flightops.revisionExists': '{field}: the branch "{branch}" exists already; choose another revision name',
    'flightops.emptyPackage': '{field}: the revision package holds no file',
    'flightops.branchMissing': '{field}: the library has no branch "{branch}"',
  },
};
