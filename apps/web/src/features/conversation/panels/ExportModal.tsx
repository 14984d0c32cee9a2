// Export of the conversation (spec §2, §5): a date range of at most 90 days and a format (HTML transcript or
// CSV); the file downloads with the session's token (fetch → blob → a temporary link).
import { Group, SegmentedControl } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { DateField } from '../../../components/DateFields.tsx';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { exportConversation } from '../conversation-api.ts';
import { download } from '../../../lib/download.ts';
import { errorText } from '../../../lib/error-text.ts';
import { isoDay, validateExport } from './export-validation.ts';

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
    <FormModal opened={opened} onClose={onClose} title={t('exportChat.title')} centered>
      <ModalForm
        onSubmit={(event) => void handleSubmit(event)}
        error={problem}
        errorTestId="export-error"
        submitLabel={t('exportChat.submit')}
        busy={busy}
        onCancel={onClose}
        testId="export-form"
      >
        <Group grow gap="sm">
          <DateField
            label={t('exportChat.start')}
            value={start}
            onChange={setStart}
            name="start_date"
            testId="export-start"
          />
          <DateField
            label={t('exportChat.end')}
            value={end}
            onChange={setEnd}
            name="end_date"
            testId="export-end"
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
      </ModalForm>
    </FormModal>
  );
}
