/** Reading the names out of a BREX rule's XPath 1.0 path, without evaluating it. */

export interface PathName {
  kind: 'element' | 'attribute';
  /** Local name (a prefix is dropped). */
  name: string;
}

const NODE_TYPES = new Set(['node', 'text', 'comment', 'processing-instruction']);
const OPERATOR_NAMES = new Set(['and', 'or', 'div', 'mod']);
// Tokens after which a name is a name test, not an operator (XPath 1.0, 3.7).
const BEFORE_NAME_TEST = new Set(['@', '::', '(', '[', ',', '/', '//', '|', '+', '-', '=', '!=', '<', '<=', '>', '>=', '*']);

export function tokenize(path: string): string[] {
  return path.match(/"[^"]*"|'[^']*'|::|\/\/|\.\.|[A-Za-z_][\w.-]*(?::[A-Za-z_*][\w.-]*)?|\$[\w.:-]+|\d+(?:\.\d*)?|\.\d+|!=|<=|>=|\S/g) ?? [];
}

/**
 * The element and attribute names an XPath 1.0 expression tests for (not functions, axes,
 * node types or operators; string literals skipped), by the XPath lexical rules.
 */
export function namesInPath(path: string): PathName[] {
  const tokens = tokenize(path);
  const out: PathName[] = [];
  let prev: string | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] ?? '';
    const after = tokens[i + 1];
    const operandBefore = prev !== undefined && !BEFORE_NAME_TEST.has(prev) && !OPERATOR_NAMES.has(prev);
    if (/^[A-Za-z_]/.test(t) && !(operandBefore && OPERATOR_NAMES.has(t)) && after !== '(' && after !== '::') {
      const local = t.replace(/^.*:/, '');
      const attribute = prev === '@' || (prev === '::' && tokens[i - 2] === 'attribute');
      if (local !== '*' && !NODE_TYPES.has(local)) out.push({ kind: attribute ? 'attribute' : 'element', name: local });
    }
    prev = t;
  }
  return out;
}

/**
 * For a path that is a location path or a union of them (nothing but steps and predicates at
 * the top), the names each branch's steps test outside predicates: a branch whose names are not
 * all in a document selects nothing there. Undefined for any other expression.
 */
export function requiredNames(path: string): PathName[][] | undefined {
  const tokens = tokenize(path);
  const branches: PathName[][] = [[]];
  let depth = 0;
  let prev: string | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] ?? '';
    if (t === '[') depth++;
    else if (t === ']') depth--;
    if (depth > 0 || t === ']') {
      if (depth < 0) return undefined;
      prev = t;
      continue;
    }
    const startOfStep = prev === undefined || prev === '/' || prev === '//' || prev === '|' || prev === '::' || prev === '@';
    if (t === '|') branches.push([]);
    else if (t === '/' || t === '//' || t === '@' || t === '::' || t === '.' || t === '..') {
      // structure of a path
    } else if (t === '*' && startOfStep) {
      // any name
    } else if (/^[A-Za-z_]/.test(t) && startOfStep) {
      const after = tokens[i + 1];
      if (after === '::') {
        prev = t;
        continue;
      }
      if (after === '(') {
        if (!NODE_TYPES.has(t) || tokens[i + 2] !== ')') return undefined;
        i += 2;
        prev = ')';
        continue;
      }
      const attribute = prev === '@' || (prev === '::' && tokens[i - 2] === 'attribute');
      const local = t.replace(/^.*:/, '');
      if (local !== '*') branches[branches.length - 1]?.push({ kind: attribute ? 'attribute' : 'element', name: local });
    } else return undefined;
    prev = t;
  }
  return depth === 0 ? branches : undefined;
}
