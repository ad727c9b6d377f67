import { z } from 'zod';

/** The form builder's controls (antd form controls), in palette order. */
export const FIELD_KINDS = ['input', 'textarea', 'number', 'select', 'radio', 'checkbox', 'switch', 'date', 'dateRange', 'upload', 'editor'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** Controls that pick from options (typed in, or from a dictionary). */
export const OPTION_KINDS: readonly FieldKind[] = ['select', 'radio', 'checkbox'];

const Option = z.object({ label: z.string().min(1).max(100), value: z.string().min(1).max(100) });

/** A form field name as React code and a JSON body can both use it. */
const FieldName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, 'must be a JavaScript identifier');

export const FieldSchema = z.object({
  id: z.string().min(1).max(64),
  kind: z.enum(FIELD_KINDS),
  label: z.string().max(100),
  name: FieldName,
  required: z.boolean(),
  placeholder: z.string().max(200).optional(),
  /** Text length (input, textarea) or value (number) bounds. */
  min: z.number().optional(),
  max: z.number().optional(),
  pattern: z.string().max(200).optional(),
  /** The message shown when the value does not match `pattern`. */
  patternMessage: z.string().max(200).optional(),
  defaultValue: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
  options: z.array(Option).max(200).optional(),
  /** A dictionary type whose entries are the options (select, radio, checkbox). */
  dictType: z.string().max(100).optional(),
});
export type FormField = z.infer<typeof FieldSchema>;

const ColumnSchema = z.object({ id: z.string().min(1).max(64), span: z.number().int().min(1).max(24), items: z.array(FieldSchema) });

export const RowSchema = z.object({
  id: z.string().min(1).max(64),
  kind: z.literal('row'),
  gutter: z.number().int().min(0).max(64),
  columns: z.array(ColumnSchema).min(1).max(4),
});
export type FormRow = z.infer<typeof RowSchema>;

export type FormNode = FormField | FormRow;

/** What "Export JSON" writes and "Load JSON" reads back. */
export const FormSchema = z.object({
  formBuilder: z.literal(1).describe('format version'),
  layout: z.enum(['horizontal', 'vertical']),
  labelWidth: z.number().int().min(40).max(400),
  items: z.array(z.union([RowSchema, FieldSchema])).max(200),
});
export type FormDesign = z.infer<typeof FormSchema>;

export const isRow = (node: FormNode): node is FormRow => node.kind === 'row';

export const emptyDesign = (): FormDesign => ({ formBuilder: 1, layout: 'horizontal', labelWidth: 100, items: [] });

let counter = 0;
/** A new id, unique within the page's life. */
export const newId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Every field of the design, rows opened up, in order. */
export const allFields = (design: FormDesign): FormField[] => design.items.flatMap((n) => (isRow(n) ? n.columns.flatMap((c) => c.items) : [n]));

/** A field name not yet used in the design: `field1`, `field2`, ... */
export function freeName(design: FormDesign, base = 'field'): string {
  const used = new Set(allFields(design).map((f) => f.name));
  let i = 1;
  while (used.has(`${base}${i}`)) i++;
  return `${base}${i}`;
}

/** A new field of `kind` with the label the palette shows and a free name. */
export function newField(kind: FieldKind, label: string, design: FormDesign): FormField {
  const field: FormField = { id: newId('f'), kind, label, name: freeName(design), required: false };
  if (OPTION_KINDS.includes(kind)) {
    field.options = [
      { label: `${label} 1`, value: '1' },
      { label: `${label} 2`, value: '2' },
    ];
  }
  return field;
}

export const newRow = (columns = 2): FormRow => ({
  id: newId('r'),
  kind: 'row',
  gutter: 16,
  columns: Array.from({ length: columns }, () => ({ id: newId('c'), span: Math.floor(24 / columns), items: [] })),
});

export type ParseResult = { ok: true; design: FormDesign } | { ok: false; path: string; message: string };

/** Reads an exported JSON design back; a bad one names the first wrong field by its path. */
export function parseDesign(text: string): ParseResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { ok: false, path: '', message: (err as Error).message };
  }
  const result = FormSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, path: issue?.path.join('.') ?? '', message: issue?.message ?? '' };
  }
  const names = allFields(result.data).map((f) => f.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) return { ok: false, path: 'items', message: `field name ${twice} is used twice` };
  return { ok: true, design: result.data };
}

/** Updates the field with `id` wherever it sits. */
export function updateField(design: FormDesign, id: string, patch: Partial<FormField>): FormDesign {
  const apply = (f: FormField) => (f.id === id ? { ...f, ...patch } : f);
  return {
    ...design,
    items: design.items.map((n) => (isRow(n) ? { ...n, columns: n.columns.map((c) => ({ ...c, items: c.items.map(apply) })) } : apply(n))),
  };
}

/** Takes the node with `id` out (a field anywhere, or a row). */
export function removeNode(design: FormDesign, id: string): FormDesign {
  return {
    ...design,
    items: design.items
      .filter((n) => n.id !== id)
      .map((n) => (isRow(n) ? { ...n, columns: n.columns.map((c) => ({ ...c, items: c.items.filter((f) => f.id !== id) })) } : n)),
  };
}

export function findNode(design: FormDesign, id: string | null): FormNode | undefined {
  if (!id) return undefined;
  for (const n of design.items) {
    if (n.id === id) return n;
    if (isRow(n)) for (const c of n.columns) for (const f of c.items) if (f.id === id) return f;
  }
  return undefined;
}

/** Where a dragged control or field lands: the form's top level at an index, or a row's column. */
export type DropTarget = { columnId?: string; index: number };

/** Puts `node` at `target`; a row never goes inside a column. */
export function insertNode(design: FormDesign, node: FormNode, target: DropTarget): FormDesign {
  if (!target.columnId) {
    const items = [...design.items];
    items.splice(Math.min(target.index, items.length), 0, node);
    return { ...design, items };
  }
  if (isRow(node)) return design;
  return {
    ...design,
    items: design.items.map((n) =>
      isRow(n)
        ? {
            ...n,
            columns: n.columns.map((c) => {
              if (c.id !== target.columnId) return c;
              const items = [...c.items];
              items.splice(Math.min(target.index, items.length), 0, node);
              return { ...c, items };
            }),
          }
        : n,
    ),
  };
}

/** Moves an existing node to `target` (drag within the canvas). */
export function moveNode(design: FormDesign, id: string, target: DropTarget): FormDesign {
  const node = findNode(design, id);
  if (!node || (isRow(node) && target.columnId)) return design;
  // The index counts positions before the node is taken out, as the user saw them.
  const sameList = !target.columnId ? design.items.findIndex((n) => n.id === id) : -1;
  const index = sameList >= 0 && sameList < target.index ? target.index - 1 : target.index;
  return insertNode(removeNode(design, id), node, { ...target, index });
}
