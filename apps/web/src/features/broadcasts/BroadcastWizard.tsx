// The new-broadcast wizard: audience (a saved list, a new one from the contact list's filters, or an imported
// CSV previewed row by row) → message (the channel account; text, a file with a caption, or a WhatsApp template
// with each variable from a customer field) → review (the recipient count and who is left out, and why) → send now or schedule.
import {
  BROADCAST_FIELDS,
  CHANNEL_KINDS,
  type Broadcast,
  type BroadcastFile,
  type BroadcastList,
  type BroadcastMessage,
  type BroadcastPreview,
  type ChannelKind,
} from '@atende/contract';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Loader,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Stepper,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { channelsQuery } from '../../lib/catalogues.ts';
import { BROADCASTS_KEY } from '../../lib/broadcast-keys.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { CsvAudience } from './CsvAudience.tsx';
import {
  createBroadcast,
  createList,
  listsQuery,
  previewBroadcast,
  templatesQuery,
  uploadBroadcastFile,
} from './broadcast-api.ts';
import { formatFileSize } from '../conversation/file-size.ts';

type Source = 'saved' | 'filter' | 'csv';
type MessageType = BroadcastMessage['type'];
/** A template variable's choice: a customer field, or `text` for the same text to everyone. */
type VariableChoice = { field: string; text: string };

interface BroadcastWizardProps {
  onClose: () => void;
  onCreated: (broadcast: Broadcast) => void;
}

const variablesOf = (body: string) =>
  new Set([...body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => match[1])).size;

export function BroadcastWizard({ onClose, onCreated }: BroadcastWizardProps) {
  const { t, language } = useTranslation();
  const client = useQueryClient();
  const [step, setStep] = useState(0);
  const [source, setSource] = useState<Source>('filter');
  const [listId, setListId] = useState<string | null>(null);
  const [listName, setListName] = useState('');
  const [tag, setTag] = useState('');
  const [kinds, setKinds] = useState<string[]>([]);
  const [accountId, setAccountId] = useState<string | null>(null);
  const [messageType, setMessageType] = useState<MessageType>('text');
  const [text, setText] = useState('');
  const [file, setFile] = useState<BroadcastFile | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [variables, setVariables] = useState<VariableChoice[]>([]);
  const [name, setName] = useState('');
  const [scheduled, setScheduled] = useState(false);
  const [scheduledAt, setScheduledAt] = useState('');
  const [preview, setPreview] = useState<BroadcastPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const lists = useQuery(listsQuery).data?.data ?? [];
  const accounts = useQuery(channelsQuery).data?.data ?? [];
  const account = accounts.find((each) => each.id === accountId);
  const templates = useQuery({ ...templatesQuery(accountId ?? ''), enabled: account?.kind === 'whatsapp' });
  const template = templates.data?.data.find((each) => each.id === templateId);

  // A template goes only through WhatsApp: on another account the choice falls back to text.
  const type: MessageType = messageType === 'template' && account?.kind !== 'whatsapp' ? 'text' : messageType;
  const message = (): BroadcastMessage => {
    if (type === 'text') return { type: 'text', text };
    if (type === 'file') return { type: 'file', file_id: file?.id ?? '', caption: text };
    return {
      type: 'template',
      template_id: templateId ?? '',
      variables: variables.map((choice) =>
        choice.field === 'text'
          ? { text: choice.text }
          : { field: choice.field as (typeof BROADCAST_FIELDS)[number] },
      ),
    };
  };

  const upload = useMutation({
    mutationFn: uploadBroadcastFile,
    onMutate: () => setFile(null),
    onSuccess: (stored) => {
      setFile(stored);
      setProblem(null);
    },
    onError: (error) => setProblem(errorText(error)),
  });

  const saveList = useMutation({
    mutationFn: () =>
      createList({
        source: 'filter',
        name: listName.trim() || tag.trim() || t('broadcasts.audience.filterList'),
        filter: {
          ...(tag.trim() ? { tag: tag.trim() } : {}),
          ...(kinds.length > 0 ? { channel: kinds as ChannelKind[] } : {}),
        },
      }),
    onSuccess: (list) => handleListReady(list),
    onError: (error) => setProblem(errorText(error)),
  });

  const review = useMutation({
    mutationFn: () =>
      previewBroadcast({ list_id: listId ?? '', channel_account_id: accountId ?? '', message: message() }),
    onSuccess: (answer) => {
      setPreview(answer);
      setProblem(null);
      setStep(2);
    },
    onError: (error) => setProblem(errorText(error)),
  });

  const send = useMutation({
    mutationFn: () =>
      createBroadcast({
        name: name.trim(),
        list_id: listId ?? '',
        channel_account_id: accountId ?? '',
        message: message(),
        ...(scheduled && scheduledAt ? { scheduled_at: scheduledAt } : {}),
      }),
    onSuccess: (broadcast) => {
      void client.invalidateQueries({ queryKey: BROADCASTS_KEY });
      onCreated(broadcast);
    },
    onError: (error) => setProblem(`${t('broadcasts.sendError')}: ${errorText(error)}`),
  });

  function handleListReady(list: BroadcastList) {
    void client.invalidateQueries({ queryKey: BROADCASTS_KEY });
    setListId(list.id);
    setProblem(null);
    setStep(1);
  }

  const handleAudienceNext = () => {
    if (source === 'filter') saveList.mutate();
    else if (listId) setStep(1);
  };

  const handleTemplate = (id: string | null) => {
    setTemplateId(id);
    const chosen = templates.data?.data.find((each) => each.id === id);
    setVariables(
      Array.from({ length: chosen ? variablesOf(chosen.body) : 0 }, () => ({ field: 'name', text: '' })),
    );
  };

  const fieldOptions = [
    ...BROADCAST_FIELDS.map((field) => ({ value: field, label: t(`broadcasts.fields.${field}`) })),
    { value: 'text', label: t('broadcasts.fields.text') },
  ];

  return (
    <Modal opened onClose={onClose} title={t('broadcasts.new')} size="lg">
      <Stepper active={step} size="sm">
        <Stepper.Step label={t('broadcasts.steps.audience')}>
          <Stack gap="sm" mt="sm">
            <SegmentedControl
              value={source}
              onChange={(value) => setSource(value as Source)}
              data={(['filter', 'saved', 'csv'] as const).map((value) => ({
                value,
                label: t(`broadcasts.audience.${value}`),
              }))}
            />
            {source === 'saved' && (
              <Select
                label={t('broadcasts.audience.list')}
                data={lists.map((list) => ({ value: list.id, label: list.name }))}
                value={listId}
                onChange={setListId}
              />
            )}
            {source === 'filter' && (
              <>
                <TextInput
                  label={t('broadcasts.audience.listName')}
                  value={listName}
                  onChange={(event) => setListName(event.currentTarget.value)}
                />
                <TextInput
                  label={t('broadcasts.audience.tag')}
                  value={tag}
                  onChange={(event) => setTag(event.currentTarget.value)}
                />
                <MultiSelect
                  label={t('broadcasts.audience.channels')}
                  data={CHANNEL_KINDS.map((kind) => ({ value: kind, label: t(`channelKinds.${kind}`) }))}
                  value={kinds}
                  onChange={setKinds}
                />
              </>
            )}
            {source === 'csv' && <CsvAudience onSaved={handleListReady} />}
            {source !== 'csv' && (
              <Group justify="flex-end">
                <Button
                  onClick={handleAudienceNext}
                  loading={saveList.isPending}
                  disabled={source === 'saved' && !listId}
                >
                  {t('broadcasts.next')}
                </Button>
              </Group>
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('broadcasts.steps.message')}>
          <Stack gap="sm" mt="sm">
            <Select
              label={t('broadcasts.message.account')}
              data={accounts.map((each) => ({ value: each.id, label: each.name }))}
              value={accountId}
              onChange={setAccountId}
            />
            <SegmentedControl
              value={type}
              onChange={(value) => setMessageType(value as MessageType)}
              data={[
                { value: 'text', label: t('broadcasts.message.text') },
                { value: 'file', label: t('broadcasts.message.file') },
                ...(account?.kind === 'whatsapp'
                  ? [{ value: 'template', label: t('broadcasts.message.template') }]
                  : []),
              ]}
            />
            {type === 'file' && (
              <FileInput
                label={t('broadcasts.message.file')}
                placeholder={file?.filename ?? t('broadcasts.message.pickFile')}
                clearable={false}
                onChange={(picked) => picked && upload.mutate(picked)}
                rightSection={upload.isPending ? <Loader size="xs" /> : null}
                description={
                  file
                    ? `${file.filename} · ${formatFileSize(file.size, language)}`
                    : t('broadcasts.message.fileHint')
                }
                data-testid="broadcast-file"
              />
            )}
            {type !== 'template' ? (
              <Textarea
                label={t(type === 'file' ? 'broadcasts.message.caption' : 'broadcasts.message.text')}
                autosize
                minRows={3}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
              />
            ) : (
              <>
                <Select
                  label={t('broadcasts.message.template')}
                  data={(templates.data?.data ?? []).map((each) => ({
                    value: each.id,
                    label: `${each.name} (${each.language})`,
                  }))}
                  value={templateId}
                  onChange={handleTemplate}
                />
                {template && <Alert variant="light">{template.body}</Alert>}
                {variables.map((choice, index) => (
                  <Group key={index} grow>
                    <Select
                      label={t('broadcasts.message.variable', { n: index + 1 })}
                      data={fieldOptions}
                      value={choice.field}
                      allowDeselect={false}
                      onChange={(field) =>
                        setVariables((all) =>
                          all.map((each, i) => (i === index ? { ...each, field: field ?? 'name' } : each)),
                        )
                      }
                    />
                    {choice.field === 'text' && (
                      <TextInput
                        label={t('broadcasts.fields.text')}
                        value={choice.text}
                        onChange={(event) => {
                          const value = event.currentTarget.value;
                          setVariables((all) =>
                            all.map((each, i) => (i === index ? { ...each, text: value } : each)),
                          );
                        }}
                      />
                    )}
                  </Group>
                ))}
              </>
            )}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(0)}>
                {t('broadcasts.back')}
              </Button>
              <Button
                onClick={() => review.mutate()}
                loading={review.isPending}
                disabled={!accountId || (type === 'file' && !file)}
              >
                {t('broadcasts.next')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('broadcasts.steps.review')}>
          {preview && (
            <Stack gap="sm" mt="sm">
              <Alert variant="light" data-testid="broadcast-review">
                {t('broadcasts.review.recipients', { count: preview.recipients })}
                {(Object.keys(preview.skipped) as (keyof BroadcastPreview['skipped'])[])
                  .filter((reason) => preview.skipped[reason] > 0)
                  .map((reason) => (
                    <div key={reason}>
                      {t('broadcasts.review.skipped', {
                        count: preview.skipped[reason],
                        reason: t(`broadcasts.skip.${reason}`),
                      })}
                    </div>
                  ))}
              </Alert>
              <TextInput
                label={t('broadcasts.review.name')}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                required
              />
              <Switch
                label={t('broadcasts.review.schedule')}
                checked={scheduled}
                onChange={(event) => setScheduled(event.currentTarget.checked)}
              />
              {scheduled && (
                <TextInput
                  type="datetime-local"
                  label={t('broadcasts.review.when')}
                  value={scheduledAt}
                  onChange={(event) => setScheduledAt(event.currentTarget.value)}
                />
              )}
              <Group justify="space-between">
                <Button variant="default" onClick={() => setStep(1)}>
                  {t('broadcasts.back')}
                </Button>
                <Button
                  onClick={() => send.mutate()}
                  loading={send.isPending}
                  disabled={!name.trim() || (scheduled && !scheduledAt)}
                >
                  {scheduled ? t('broadcasts.review.scheduleAction') : t('broadcasts.review.send')}
                </Button>
              </Group>
            </Stack>
          )}
        </Stepper.Step>
      </Stepper>
      {problem && (
        <Alert color="red" mt="sm" role="alert">
          {problem}
        </Alert>
      )}
    </Modal>
  );
}
