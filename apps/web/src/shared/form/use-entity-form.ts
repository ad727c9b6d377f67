import { commonMessages } from '@ccms/contracts/messages/common';
import { fieldLabel } from '@ccms/contracts/messages/fields';
import { type QueryKey, useMutation, useQuery } from '@tanstack/react-query';
import { Form, type FormInstance } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { currentLanguage, type Language } from '../../i18n';

/** The detail to edit, as an entity's `<entity>Queries.detail(id)` builds it. */
export interface DetailQuery<Detail> {
  queryKey: QueryKey;
  queryFn: () => Promise<Detail>;
}

export interface EntityFormOptions<Values, Detail, Saved = unknown> {
  /** Whether the dialog is shown: each opening loads the detail afresh and starts with a fresh save. */
  open: boolean;
  /** The detail to edit; leave it out to add a new one. */
  load?: DetailQuery<Detail> | undefined;
  /** The form's values from the detail (defaults to the detail itself). */
  toValues?: (detail: Detail) => Partial<Values>;
  /** The values a new entity starts with. */
  defaults?: Partial<Values>;
  /** Sends the form (usually an entity mutation's `mutateAsync`, which invalidates through the key factory). */
  save: (values: Values) => Promise<Saved>;
  /** After a successful save (close the dialog, say so), with what the save answered. */
  onSaved?: (saved: Saved) => void;
}

export interface EntityForm<Values> {
  form: FormInstance<Values>;
  /** The detail is loading: show a spinner instead of the fields. */
  loading: boolean;
  /** The values the fields start with (defaults, or the loaded detail's). */
  initialValues: Partial<Values> | undefined;
  saving: boolean;
  /** The save of this opening failed: its error (a dialog whose call is silent shows it itself). */
  error: Error | null;
  /** Form `onFinish`. */
  submit: (values: Values) => void;
}

/** How a field-check sentence goes on after the field's label ("不能为空", " is required", "：", ": "). */
const continuations = (lang: Language): string[] => [
  ...Object.values(commonMessages[lang])
    .filter((text) => text.startsWith('{field}'))
    .map((text) => text.slice('{field}'.length).split('{')[0] ?? '')
    .filter(Boolean),
  '：',
  ':',
];

/**
 * The form field a field-check sentence is about: the server names it by its label ("标签名称不能为空",
 * "Tag name must be at most 64 characters"; the vocabulary of `@ccms/contracts/messages/fields`), or
 * by its key where it has none. The longest name wins; a name followed by more of a longer one does not.
 */
export function fieldOfMessage(message: string, fields: readonly string[], lang: Language = currentLanguage()): string | undefined {
  const after = continuations(lang);
  const names = fields.flatMap((field) => [
    { field, name: field, keyed: true },
    { field, name: fieldLabel(lang, field), keyed: false },
  ]);
  const matches = names.filter(({ name, keyed }) => {
    if (!message.startsWith(name)) return false;
    const rest = message.slice(name.length);
    return keyed ? !/[\w.]/.test(rest.charAt(0)) : after.some((text) => rest.startsWith(text));
  });
  return matches.sort((a, b) => b.name.length - a.name.length)[0]?.field;
}

/**
 * The state of an add/edit dialog: the detail query, the form's start values, the save and the
 * server's field errors (a 400 whose message names a form field shows under that field). Pair it
 * with `<FormDialog entity={...}>`, which destroys its content on close.
 */
export function useEntityForm<Values extends object, Detail = Values, Saved = unknown>({
  open,
  load,
  toValues,
  defaults,
  save,
  onSaved,
}: EntityFormOptions<Values, Detail, Saved>): EntityForm<Values> {
  const [form] = Form.useForm<Values>();
  // Each opening records when it began: a detail fetched before it is not shown, a save sent before it is not waited on.
  const [opening, setOpening] = useState({ open, at: open ? Date.now() : 0 });
  if (opening.open !== open) setOpening({ open, at: open ? Date.now() : opening.at });
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (saved) => onSaved?.(saved),
    onError: (error) => {
      if (!(error instanceof ApiError) || error.code !== 400) return;
      const field = fieldOfMessage(error.message, Object.keys(form.getFieldsValue(true) as object), currentLanguage());
      if (field) form.setFields([{ name: field as never, errors: [error.message] }]);
    },
  });
  const detail = useQuery({
    queryKey: load?.queryKey ?? ['entity-form', 'none'],
    queryFn: load?.queryFn ?? (async () => null),
    enabled: open && load !== undefined,
    // Edit what the server has now: every opening fetches the detail.
    staleTime: 0,
  });
  const fresh = detail.data !== undefined && detail.data !== null && detail.dataUpdatedAt >= opening.at;
  const loading = load !== undefined && !fresh && !detail.isError;
  let initialValues: Partial<Values> | undefined = defaults;
  if (load && fresh && detail.data) initialValues = toValues ? toValues(detail.data) : (detail.data as Partial<Values>);
  return {
    form,
    loading,
    initialValues,
    saving: open && mutation.isPending && mutation.submittedAt >= opening.at,
    error: open && mutation.isError && mutation.submittedAt >= opening.at ? mutation.error : null,
    submit: (values) => mutation.mutate(values),
  };
}
