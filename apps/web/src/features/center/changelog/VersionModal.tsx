// Publishing or changing a changelog version: its date, its version and its changes, each with a type and a
// description in Portuguese, English and Spanish (spec §3, §5: every field filled). Problems show on their
// field before any call; the server's refusal ("something went wrong" otherwise) shows in the form.
import { CHANGE_TYPES, CHANGELOG_LANGUAGES, type ChangelogVersion, type ChangeType } from '@atende/contract';
import { ActionIcon, Button, Card, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DateField } from '../../../components/DateFields.tsx';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
import { CloseIcon, PlusIcon } from '../../../components/Icons.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { CHANGELOG_KEY, publishVersion, updateVersion } from '../../changelog/changelog-api.ts';
import {
  checkVersion,
  emptyChange,
  versionForm,
  type VersionForm,
  type VersionProblems,
} from './version-form.ts';

const today = () => new Date().toISOString().slice(0, 10);

function VersionFormBody({ version, onClose }: { version: ChangelogVersion | null; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form, setForm] = useState<VersionForm>(() => versionForm(version, today()));
  const [problems, setProblems] = useState<VersionProblems>({});
  const save = useMutation({
    mutationFn: (input: Parameters<typeof publishVersion>[0]) =>
      version ? updateVersion(version.id, input) : publishVersion(input),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: CHANGELOG_KEY });
      notifySuccess(t(version ? 'centerChangelog.updated' : 'centerChangelog.published'));
      onClose();
    },
  });

  const problemOf = (path: string) => (problems[path] ? t(problems[path]) : undefined);
  const change = (
    index: number,
    patch: (current: VersionForm['changes'][number]) => VersionForm['changes'][number],
  ) =>
    setForm((current) => ({
      ...current,
      changes: current.changes.map((item, at) => (at === index ? patch(item) : item)),
    }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = checkVersion(form);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    save.mutate(checked.input);
  }

  return (
    <ModalForm
      onSubmit={handleSubmit}
      error={problemOf('changes') ?? (save.isError ? errorText(save.error) : null)}
      errorTestId="version-error"
      submitLabel={t(version ? 'centerChangelog.save' : 'centerChangelog.publish')}
      busy={save.isPending}
      onCancel={onClose}
      submitTestId="version-save"
      testId="version-form"
    >
      <Group grow align="flex-start">
        <DateField
          label={t('centerChangelog.fields.date')}
          value={form.date}
          onChange={(date) => setForm((current) => ({ ...current, date }))}
          error={problemOf('date')}
          testId="version-date"
        />
        <TextInput
          label={t('centerChangelog.fields.version')}
          value={form.version}
          onChange={(event) => {
            const { value } = event.currentTarget;
            setForm((current) => ({ ...current, version: value }));
          }}
          error={problemOf('version')}
          withAsterisk
          data-autofocus
          data-testid="version-number"
        />
      </Group>
      {form.changes.map((item, index) => (
        <Card key={index} withBorder padding="sm" data-testid="version-change">
          <Stack gap="xs">
            <Group justify="space-between">
              <Select
                label={t('centerChangelog.fields.type')}
                data={CHANGE_TYPES.map((type) => ({ value: type, label: t(`changelog.type.${type}`) }))}
                value={item.type}
                onChange={(value) =>
                  value && change(index, (current) => ({ ...current, type: value as ChangeType }))
                }
                allowDeselect={false}
                w={200}
                data-testid="version-change-type"
              />
              {form.changes.length > 1 && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('centerChangelog.removeChange', { number: index + 1 })}
                  onClick={() =>
                    setForm((current) => ({
                      ...current,
                      changes: current.changes.filter((_, at) => at !== index),
                    }))
                  }
                >
                  <CloseIcon />
                </ActionIcon>
              )}
            </Group>
            {CHANGELOG_LANGUAGES.map((language) => (
              <Textarea
                key={language}
                label={t(`centerChangelog.fields.${language}`)}
                value={item.descriptions[language]}
                onChange={(event) => {
                  const { value } = event.currentTarget;
                  change(index, (current) => ({
                    ...current,
                    descriptions: { ...current.descriptions, [language]: value },
                  }));
                }}
                error={problemOf(`changes.${index}.descriptions.${language}`)}
                withAsterisk
                autosize
                minRows={1}
                maxRows={4}
                data-testid={`version-change-${language}`}
              />
            ))}
          </Stack>
        </Card>
      ))}
      <Button
        variant="subtle"
        leftSection={<PlusIcon />}
        onClick={() => setForm((current) => ({ ...current, changes: [...current.changes, emptyChange()] }))}
        style={{ alignSelf: 'flex-start' }}
        data-testid="version-add-change"
      >
        {t('centerChangelog.addChange')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('centerChangelog.languagesHint')}
      </Text>
    </ModalForm>
  );
}

export function VersionModal({
  editing,
  onClose,
}: {
  editing: { version: ChangelogVersion | null } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      size="lg"
      title={
        editing?.version
          ? t('centerChangelog.editTitle', { version: editing.version.version })
          : t('centerChangelog.newTitle')
      }
    >
      {editing && (
        <VersionFormBody key={editing.version?.id ?? 'new'} version={editing.version} onClose={onClose} />
      )}
    </FormModal>
  );
}
