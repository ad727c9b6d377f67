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
    'flightops.frozenReadOnly': 'branch：“{branch}”是冻结的修订（标签 {tag}，审阅与分发的对象），不能修改；请在工作分支上修改后重新冻结',
    'flightops.tagExists': '{field}：冻结标签“{tag}”已在远程仓库中，请换一个名称',
    'flightops.tagFailed': '冻结标签“{tag}”与分支“{branch}”未能推送到远程仓库，未作任何更改：{detail}',
    'flightops.tagMissing': 'branch：远程仓库中没有冻结标签“{tag}”，“{branch}”不能分发；请重新冻结工作分支',
    'flightops.frozenMoved': 'branch：冻结分支“{branch}”现在位于 {head}，而冻结标签“{tag}”指向 {commit}；分支在冻结后被改动，不能分发，请重新冻结',
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
      'branch: "{branch}" is a frozen revision (tag {tag}: what its review approves and its dispatch publishes) and cannot be changed; change the working branch and freeze again',
    'flightops.tagExists': '{field}: the freeze tag "{tag}" is on the remote already; choose another name',
    'flightops.tagFailed': 'the freeze tag "{tag}" and branch "{branch}" could not be pushed to the remote; nothing was changed: {detail}',
    'flightops.tagMissing': 'branch: the remote has no freeze tag "{tag}", so "{branch}" cannot be dispatched; freeze the working branch again',
    'flightops.frozenMoved':
      'branch: the frozen branch "{branch}" is now at {head} but its freeze tag "{tag}" names {commit}; the branch changed after the freeze, so it cannot be dispatched; freeze again',
    'flightops.notPsl': 'ditaMap: "{path}" is not a publication structure list (PSL, root psl)',
    'flightops.noFleet': 'ditaVal: the branch has no fleet.xml, so it cannot be published for aircraft "{value}"',
    'flightops.aircraftUnknown': '{field}: the fleet (fleet.xml) has no aircraft with MSN or registration "{value}"',
  },
};
