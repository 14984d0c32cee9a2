// Export of the conversation (spec §2, §5): a date range of at most 90 days and a format (HTML transcript or
// CSV); the file downloads with the session's token (fetch → blob → a temporary link).
import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { exportConversation } from '../conversation-api.ts';
import { errorText } from '../../../lib/error-text.ts';
import { isoDay, validateExport } from './export-validation.ts';

function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface ExportModalProps {
  contactId: string;
  opened: boolean;
  onClose: () => void;
}

export function ExportModal({ contactId, opened, onClose }: ExportModalProps) {
  const { t } = useTranslation();
  const [start, setStart] = useState(() => isoDay(new Date(), 29));
  const [end, setEnd] = useState(() => isoDay(new Date()));
  const [format, setFormat] = useState<'html' | 'csv'>('html');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateExport(start, end);
    if (invalid) {
      setProblem(t(`exportChat.${invalid}`));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const file = await exportConversation(contactId, { start_date: start, end_date: end, format });
      download(file.blob, file.filename);
      onClose();
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('exportChat.title')} centered>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="export-form">
        <Stack gap="sm">
          <Group grow gap="sm">
            <TextInput
              type="date"
              label={t('exportChat.start')}
              value={start}
              onChange={(event) => setStart(event.currentTarget.value)}
              name="start_date"
            />
            <TextInput
              type="date"
              label={t('exportChat.end')}
              value={end}
              onChange={(event) => setEnd(event.currentTarget.value)}
              name="end_date"
            />
          </Group>
          <SegmentedControl
            value={format}
            onChange={(value) => setFormat(value === 'csv' ? 'csv' : 'html')}
            data={[
              { value: 'html', label: t('exportChat.html') },
              { value: 'csv', label: t('exportChat.csv') },
            ]}
            aria-label={t('exportChat.format')}
          />
          {problem && (
            <Text size="sm" c="red" role="alert" data-testid="export-error">
              {problem}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('exportChat.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
