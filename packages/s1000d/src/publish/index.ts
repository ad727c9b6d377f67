// Publishing an S1000D publication module: HTML5 (a page per data module) and PDF. See README.md.

export { S1000D_CSS } from './assets.js';
export { publishS1000dHtml, rebuildS1000dHtml, type S1000dHtmlBuild, type S1000dPublishOptions, type S1000dResult } from './html.js';
export { publishS1000dPdf, type S1000dPdfOptions } from './pdf.js';
export { type Plan, type PlanNode, planModules, planPublication, readSetFolder } from './plan.js';
export { renderModule } from './render.js';
export { declaredProperties, isAssignText, parseAssign, resolveSelection, type Selection, type SelectionResult, selectionOfText } from './selection.js';
export { type PublishTexts, publishTexts } from './texts.js';
