import { DOCUMENT_STATUSES, type DocumentStatus, type REVIEWER_ONLY_STATUSES } from '../content/status';

/** Status names as the refusal messages say them. */
const STATUS_NAMES: Record<'zh' | 'en', Record<DocumentStatus, string>> = {
  zh: { draft: '草稿', underReview: '审阅中', approved: '已批准', published: '已发布', distributed: '已分发', archived: '已归档' },
  en: { draft: 'draft', underReview: 'under review', approved: 'approved', published: 'published', distributed: 'distributed', archived: 'archived' },
};

type RefusalKey = `status.refused.${DocumentStatus}.${DocumentStatus}`;

/** "status.refused.<from>.<to>": one sentence per pair, so the refusal names both statuses in the caller's language. */
function refusals(lang: 'zh' | 'en'): Record<RefusalKey, string> {
  const names = STATUS_NAMES[lang];
  const out: Partial<Record<RefusalKey, string>> = {};
  for (const from of DOCUMENT_STATUSES) {
    for (const to of DOCUMENT_STATUSES) {
      out[`status.refused.${from}.${to}`] =
        lang === 'zh' ? `状态不能从“${names[from]}”改为“${names[to]}”` : `The status cannot change from "${names[from]}" to "${names[to]}"`;
    }
  }
  return out as Record<RefusalKey, string>;
}

/** "status.reviewerOnly.<to>": approved, published and distributed are set by hand only by a reviewer of the content. */
function reviewerOnly(lang: 'zh' | 'en'): Record<`status.reviewerOnly.${(typeof REVIEWER_ONLY_STATUSES)[number]}`, string> {
  const names = STATUS_NAMES[lang];
  const say = (to: DocumentStatus) =>
    lang === 'zh' ? `只有该内容的审阅人可以把状态设为“${names[to]}”` : `Only a reviewer of this content can set the status to "${names[to]}"`;
  return {
    'status.reviewerOnly.approved': say('approved'),
    'status.reviewerOnly.published': say('published'),
    'status.reviewerOnly.distributed': say('distributed'),
  };
}

/** Documents, topics, revisions, import, fast create, search and the index, in both languages. */
export const catalogMessages = {
  zh: {
    'catalog.brokenLink': '错误：链接已断开',
    'catalog.fullNeedsWrite': '完整重建索引（full）需要该库的写入权限',
    'catalog.fullBusy': '该库的完整重建索引正在进行，或结束不到 {seconds} 秒，请稍后再试',
    'document.notExist': '文档不存在',
    'topic.notExist': '主题不存在',
    'owner.missing': 'owner：用户“{name}”不存在',
    'revision.exists': '修订版本 {revision} 已存在！',
    'revision.missing': '修订版本或提交“{ref}”不存在',
    'compare.notInDocument': '“{path}”在两个版本中都不属于该文档',
    'tocNode.missing': '目录节点“{nodeId}”不存在',
    'tocNode.noTopic': '目录节点“{title}”没有关联主题',
    'import.oneZip': '请选择且只选择一个 zip 文件',
    'import.rootRequired': '请选择根文件（rootMap）',
    'import.rootMissing': '压缩包中没有根文件“{path}”',
    'import.rootInvalid': '根文件“{path}”不是可读取的 DITA 映射：{reason}',
    'fastCreate.empty': '大纲（outline）：没有任何节点',
    'fastCreate.badIndent': '大纲第 {line} 行：节点最多只能比上一行深一级',
    'fastCreate.emptyTitle': '大纲第 {line} 行：标题为空',
    'fastCreate.topicMissing': '大纲第 {line} 行：主题“{topic}”不存在（可填主题编号或路径）',
    'job.result.catalogReindexed': '已重建 {count}/{total} 个库分支的索引，未变化 {unchanged} 个，失败 {failed} 个',
    's1000d.notS1000d': '“{name}”不是 S1000D 库：适用性和按产品筛选只用于 S1000D 和 ATA Spec 2300 库',
    's1000d.notPm': '{field}：“{path}”不是出版物模块',
    's1000d.notDm': '{field}：“{path}”不是数据模块',
    's1000d.notDml': '{field}：“{path}”不是该分支的数据模块清单（DML）',
    'transfer.nothingSince': '{field}：自 {since} 以来该分支没有改动过的 S1000D 文件',
    'transfer.emptyPackage': '包中没有 S1000D 文件',
    'transfer.notS1000dFile': '文件“{file}”不是 S1000D 对象或 ICN（名称应以 DMC-、PMC-、DML-、DDN-、COM-、UPF- 或 ICN- 开头）',
    'transfer.badFile': '文件“{file}”无法读取为 S1000D 对象：{reason}',
    'transfer.twice': '包中有两个文件是同一对象 {code}（{issue}）：“{first}”和“{second}”',
    's1000d.productUnknown': '{field}：产品“{product}”不在产品交叉引用表（PCT）中',
    's1000d.noPct': '{field}：该分支没有产品交叉引用表（PCT），请改用属性值（assign）',
    's1000d.propertyUnknown': '{field}：“{ident}”不是适用性交叉引用表（ACT）的产品属性，也不是条件交叉引用表（CCT）的条件',
    's1000d.nothingAssigned': 'product、assign：请选择一个产品或填写属性值',
    's1000d.refused': '{zh}',
    's1000d.codeExists': 'dmc：代码 {code} 已有数据模块“{path}”',
    's1000d.pathExists': '{field}：“{path}”已存在',
    's1000d.notModule': 'path：“{path}”不是 S1000D 数据模块或出版物模块',
    's1000d.issueNeedsApproval': 'status：该库要求发布前经评审批准，“{path}”当前状态为 {status}',
    's1000d.tagExists': 'path：发布标签 {tag} 已存在',
    's1000d.tagFailed': '已提交 {path}，但发布标签 {tag} 未能推送到远程库：{detail}',
    's1000d.issueMissing': '{field}：没有第 {issue} 版',
    's1000d.pmCodeExists': 'pmCode：代码 {code} 已有出版物模块“{path}”',
    's1000d.dmlCodeExists': 'newDml：代码 {code} 已有数据模块清单“{path}”',
    's1000d.dmlNeeded': 'dmlPath、newDml：请选择一个数据模块清单，或填写新清单的代码',
    's1000d.entryExists': 'dmc：清单中已有 {code}',
    's1000d.newPmMessage': '新建出版物模块 {code}',
    's1000d.dmrlEntryMessage': '{dml}：加入 {code}',
    's1000d.newMessage': '新建数据模块 {code}',
    's1000d.inWorkMessage': '{code}：开始在编版本 {issue}',
    's1000d.issueMessage': '{code}：发布第 {issue} 版（{issueType}）',
    ...refusals('zh'),
    ...reviewerOnly('zh'),
  },
  en: {
    'catalog.brokenLink': 'Error: broken link',
    'catalog.fullNeedsWrite': 'A full re-index (full) needs write access to the library',
    'catalog.fullBusy': 'A full re-index of this library is running or ended less than {seconds} seconds ago: try again later',
    'document.notExist': 'Document does not exist',
    'topic.notExist': 'Topic does not exist',
    'owner.missing': 'owner: user "{name}" does not exist',
    'revision.exists': 'Revision {revision} already exist!',
    'revision.missing': 'Revision or commit "{ref}" does not exist',
    'compare.notInDocument': '"{path}" is not part of the document in either version',
    'tocNode.missing': 'Toc node "{nodeId}" does not exist',
    'tocNode.noTopic': 'The toc node "{title}" has no topic',
    'import.oneZip': 'Please choose exactly one zip file',
    'import.rootRequired': 'Please choose the root file (rootMap)',
    'import.rootMissing': 'The package has no root file "{path}"',
    'import.rootInvalid': 'The root file "{path}" is not a readable DITA map: {reason}',
    'fastCreate.empty': 'Outline: there are no nodes',
    'fastCreate.badIndent': 'Outline, line {line}: a node can be at most one level deeper than the line above',
    'fastCreate.emptyTitle': 'Outline, line {line}: the title is empty',
    's1000d.notS1000d': '"{name}" is not an S1000D library: applicability and filtering by product are for S1000D and ATA Spec 2300 libraries',
    's1000d.notPm': '{field}: "{path}" is not a publication module',
    's1000d.notDm': '{field}: "{path}" is not a data module',
    's1000d.notDml': '{field}: "{path}" is not a data module list (DML) of this branch',
    'transfer.nothingSince': '{field}: no S1000D file of the branch changed since {since}',
    'transfer.emptyPackage': 'The package holds no S1000D file',
    'transfer.notS1000dFile': 'File "{file}" is not an S1000D object or an ICN (names start DMC-, PMC-, DML-, DDN-, COM-, UPF- or ICN-)',
    'transfer.badFile': 'File "{file}" cannot be read as an S1000D object: {reason}',
    'transfer.twice': 'The package holds the same object {code} ({issue}) twice: "{first}" and "{second}"',
    's1000d.productUnknown': '{field}: product "{product}" is not in the products cross-reference table (PCT)',
    's1000d.noPct': '{field}: the branch has no products cross-reference table (PCT): give property values (assign) instead',
    's1000d.propertyUnknown':
      '{field}: "{ident}" is neither a product attribute of the applicability cross-reference table (ACT) nor a condition of the conditions cross-reference table (CCT)',
    's1000d.nothingAssigned': 'product, assign: choose a product or give property values',
    's1000d.refused': '{en}',
    's1000d.codeExists': 'dmc: code {code} already has a data module "{path}"',
    's1000d.pathExists': '{field}: "{path}" already exists',
    's1000d.notModule': 'path: "{path}" is not an S1000D data module or publication module',
    's1000d.issueNeedsApproval': 'status: the library requires review approval before Issue; "{path}" is {status}',
    's1000d.tagExists': 'path: the issue tag {tag} already exists',
    's1000d.tagFailed': '{path} is committed, but the issue tag {tag} could not be pushed to the remote: {detail}',
    's1000d.issueMissing': '{field}: issue {issue} does not exist',
    's1000d.pmCodeExists': 'pmCode: code {code} already has a publication module "{path}"',
    's1000d.dmlCodeExists': 'newDml: code {code} already has a data module list "{path}"',
    's1000d.dmlNeeded': 'dmlPath, newDml: choose a data module list, or give the code of a new one',
    's1000d.entryExists': 'dmc: the list already holds {code}',
    's1000d.newPmMessage': 'New publication module {code}',
    's1000d.dmrlEntryMessage': '{dml}: add {code}',
    's1000d.newMessage': 'New data module {code}',
    's1000d.inWorkMessage': '{code}: start in-work {issue}',
    's1000d.issueMessage': '{code}: issue {issue} ({issueType})',
    'fastCreate.topicMissing': 'Outline, line {line}: topic "{topic}" does not exist (give a topic number or path)',
    'job.result.catalogReindexed': 'Reindexed {count} of {total} library branches, {unchanged} unchanged, {failed} failed',
    ...refusals('en'),
    ...reviewerOnly('en'),
  },
};
