/** Flight-operations revisions (issue 32), in both languages. */
export const flightopsMessages = {
  zh: {
    'flightops.manufacturerBranchMissing': '{field}：库中没有分支“{branch}”（保存制造商修订原样的分支）',
    'flightops.revisionExists': '{field}：分支“{branch}”已存在，请换一个修订名',
    'flightops.emptyPackage': '{field}：修订包中没有文件',
    'flightops.branchMissing': '{field}：库中没有分支“{branch}”',
    'flightops.frozenExists': '{field}：冻结分支“{branch}”已存在，请换一个名称',
    'flightops.nothingToFreeze': 'branch：分支“{branch}”中没有出版结构清单（psl.xml），无可冻结',
    'flightops.notValidated': 'ditaMap：冻结修订中的“{path}”尚未通过审核（状态：{status}），不能分发',
    'flightops.frozenReadOnly': 'branch：“{branch}”是冻结的修订（审阅与分发的对象），不能编辑；请在工作分支上修改后重新冻结',
    'flightops.notPsl': 'ditaMap：“{path}”不是出版结构清单（PSL，根元素 psl）',
    'flightops.noFleet': 'ditaVal：分支中没有机队文件 fleet.xml，不能按飞机“{value}”发布',
    'flightops.aircraftUnknown': '{field}：机队（fleet.xml）中没有 MSN 或注册号为“{value}”的飞机',
  },
  en: {
    'flightops.manufacturerBranchMissing': '{field}: the library has no branch "{branch}" (the branch that keeps the manufacturer revisions as delivered)',
    'flightops.revisionExists': '{field}: the branch "{branch}" exists already; choose another revision name',
    'flightops.emptyPackage': '{field}: the revision package holds no file',
    'flightops.branchMissing': '{field}: the library has no branch "{branch}"',
    'flightops.frozenExists': '{field}: the frozen branch "{branch}" exists already; choose another name',
    'flightops.nothingToFreeze': 'branch: the branch "{branch}" holds no publication structure list (psl.xml) to freeze',
    'flightops.notValidated': 'ditaMap: "{path}" of the frozen revision has not passed its review (status: {status}), so it cannot be dispatched',
    'flightops.frozenReadOnly':
      'branch: "{branch}" is a frozen revision (what its review approves and its dispatch publishes) and cannot be edited; change the working branch and freeze again',
    'flightops.notPsl': 'ditaMap: "{path}" is not a publication structure list (PSL, root psl)',
    'flightops.noFleet': 'ditaVal: the branch has no fleet.xml, so it cannot be published for aircraft "{value}"',
    'flightops.aircraftUnknown': '{field}: the fleet (fleet.xml) has no aircraft with MSN or registration "{value}"',
  },
};
