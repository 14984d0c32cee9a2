// The state of a channel account form, whatever its kind: values, problems found here or by the server (each
// on its field, anything else below the form), and the save — create or replace — that refreshes the list.
import type { CenterChannelAccount, ChannelAccountInput } from '@atende/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { HttpError } from '../../../lib/http.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { errorText } from '../../../lib/error-text.ts';
import { channelAccountsQuery, createChannelAccount, updateChannelAccount } from './channel-accounts-api.ts';
import type { Problems } from './field-rules.ts';

/** What the form of either kind takes from the modal. */
export interface AccountFormProps {
  account: CenterChannelAccount | null;
  onSaved: (saved: CenterChannelAccount) => void;
  onCancel: () => void;
}

/** The fields of a form that hold text (the others are switches and numbers). */
export type TextFieldOf<Form> = {
  [K in keyof Form]: Form[K] extends string ? K : never;
}[keyof Form] &
  string;

export interface AccountFormRules<Form extends object> {
  initial: Form;
  check: (form: Form) => Problems<Extract<keyof Form, string>>;
  inputOf: (form: Form) => ChannelAccountInput;
}

export type ServerProblems = { fields: Partial<Record<string, string>>; general: string | null };

/** The server's validation errors on the fields the form has; whatever has no field here is said below it. */
export function serverProblemsOf(error: unknown, fields: object): ServerProblems {
  const listed = error instanceof HttpError ? (error.body as { errors?: unknown } | null)?.errors : undefined;
  const entries = Array.isArray(listed)
    ? listed.filter(
        (entry): entry is { field: string; message: string } =>
          typeof entry?.field === 'string' && typeof entry?.message === 'string' && entry.field in fields,
      )
    : [];
  if (entries.length === 0) return { fields: {}, general: errorText(error) };
  return { fields: Object.fromEntries(entries.map((entry) => [entry.field, entry.message])), general: null };
}

export function useAccountForm<Form extends object>(
  account: CenterChannelAccount | null,
  rules: AccountFormRules<Form>,
  onSaved: (saved: CenterChannelAccount) => void,
) {
  type Field = Extract<keyof Form, string>;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(rules.initial);
  const [problems, setProblems] = useState<Problems<Field>>({});
  const [server, setServer] = useState<ServerProblems>({ fields: {}, general: null });
  const save = useMutation({
    mutationFn: (input: ChannelAccountInput) =>
      account ? updateChannelAccount(account.id, input) : createChannelAccount(input),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: channelAccountsQuery.queryKey });
      onSaved(saved);
    },
    onError: (error) => setServer(serverProblemsOf(error, form)),
  });

  const set = <K extends Field>(field: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
    setServer((current) => ({ ...current, fields: { ...current.fields, [field]: undefined } }));
  };

  const errorOf = (field: Field): string | undefined => {
    const problem = problems[field];
    return problem ? t(problem.key, problem.values) : server.fields[field];
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = rules.check(form);
    setProblems(found);
    setServer({ fields: {}, general: null });
    if (Object.keys(found).length > 0) return;
    save.mutate(rules.inputOf(form));
  }

  /** The props of a text input bound to a field, with its problem and a test id named after it. */
  const textProps = (field: TextFieldOf<Form> & Field, label: string) => ({
    label,
    value: form[field] as string,
    onChange: (event: { currentTarget: { value: string } }) =>
      set(field, event.currentTarget.value as Form[typeof field]),
    error: errorOf(field),
    'data-testid': `channel-${field}`,
  });

  return {
    form,
    set,
    errorOf,
    textProps,
    generalError: server.general,
    saving: save.isPending,
    handleSubmit,
  };
}
