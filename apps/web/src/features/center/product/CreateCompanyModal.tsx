// Creating a company with its first administrator; once created, the administrator's temporary password is shown
// this once (the server keeps only its hash), to be handed over; they choose their own at the first login.
import type { CreatedCompany } from '@atende/contract';
import { Alert, Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { serverProblemsOf, type ServerProblems } from '../channels/use-account-form.ts';
import { companiesKey, createCompany } from './product-api.ts';

const EMPTY = { name: '', slug: '', 'admin.name': '', 'admin.username': '' };
type Field = keyof typeof EMPTY;
const NO_PROBLEMS: ServerProblems = { fields: {}, general: null };

/** A slug suggested from the name while the slug was not typed: lower case, no accents, dashes. */
export const slugOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);

function CreateCompanyForm({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: CreatedCompany) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const [slugTyped, setSlugTyped] = useState(false);
  const [server, setServer] = useState<ServerProblems>(NO_PROBLEMS);
  const save = useMutation({
    mutationFn: () =>
      createCompany({
        name: form.name,
        slug: form.slug,
        admin: { name: form['admin.name'], username: form['admin.username'] },
      }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: companiesKey });
      onCreated(created);
    },
    onError: (error) => setServer(serverProblemsOf(error, EMPTY)),
  });
  const set = (field: Field, value: string) => {
    setForm((current) => ({
      ...current,
      [field]: value,
      ...(field === 'name' && !slugTyped ? { slug: slugOf(value) } : {}),
    }));
    setServer((current) => ({ ...current, fields: { ...current.fields, [field]: undefined } }));
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setServer(NO_PROBLEMS);
    save.mutate();
  };
  const input = (field: Field, label: string, extra: { description?: string; onTyped?: () => void } = {}) => (
    <TextInput
      label={label}
      description={extra.description}
      value={form[field]}
      onChange={(event) => {
        extra.onTyped?.();
        set(field, event.currentTarget.value);
      }}
      error={server.fields[field]}
      data-testid={`company-${field.replace('.', '-')}`}
    />
  );
  return (
    <ModalForm
      onSubmit={handleSubmit}
      error={server.general}
      submitLabel={t('product.create.submit')}
      busy={save.isPending}
      onCancel={onClose}
      submitTestId="company-create-submit"
      testId="company-create-form"
    >
      {input('name', t('product.create.name'))}
      {input('slug', t('product.create.slug'), {
        description: t('product.create.slugHint'),
        onTyped: () => setSlugTyped(true),
      })}
      <Text size="sm" fw={600} mt="xs">
        {t('product.create.adminTitle')}
      </Text>
      {input('admin.name', t('product.create.adminName'))}
      {input('admin.username', t('product.create.adminUsername'))}
    </ModalForm>
  );
}

function CreatedNotice({ created, onClose }: { created: CreatedCompany; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="company-created">
      <Alert color="green" variant="light" title={t('product.created.title', { name: created.company.name })}>
        {t('product.created.body', { company: created.company.slug, username: created.admin.username })}
      </Alert>
      <Group gap="xs">
        <Code fz="lg" data-testid="company-temporary-password">
          {created.admin.temporary_password}
        </Code>
        <CopyButton value={created.admin.temporary_password}>
          {({ copied, copy }) => (
            <Button size="compact-sm" variant="light" onClick={copy}>
              {copied ? t('product.created.copied') : t('product.created.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" c="dimmed">
        {t('product.created.once')}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose} data-testid="company-created-close">
          {t('product.created.close')}
        </Button>
      </Group>
    </Stack>
  );
}

export function CreateCompanyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<CreatedCompany | null>(null);
  const handleClose = () => {
    setCreated(null);
    onClose();
  };
  return (
    <FormModal opened={opened} onClose={handleClose} title={t('product.create.title')}>
      {opened &&
        (created ? (
          <CreatedNotice created={created} onClose={handleClose} />
        ) : (
          <CreateCompanyForm onClose={handleClose} onCreated={setCreated} />
        ))}
    </FormModal>
  );
}
