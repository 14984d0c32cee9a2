// A transmission list from a CSV (columns `phone` and, optionally, `name`): the server's preview of every row —
// a known contact, a new one, or an unusable row and why — and nothing saved until the user confirms.
import type { BroadcastCsvPreview, BroadcastList } from '@atende/contract';
import { Alert, Button, FileInput, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { createList, previewCsv } from './broadcast-api.ts';

interface CsvAudienceProps {
  onSaved: (list: BroadcastList) => void;
}

export function CsvAudience({ onSaved }: CsvAudienceProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'whatsapp' | 'sms'>('whatsapp');
  const [name, setName] = useState('');
  const [preview, setPreview] = useState<BroadcastCsvPreview | null>(null);
  const read = useMutation({
    mutationFn: (file: File) => previewCsv(file, kind),
    onSuccess: setPreview,
  });
  const save = useMutation({
    mutationFn: (checked: BroadcastCsvPreview) =>
      createList({
        source: 'csv',
        name: name.trim() || t('broadcasts.audience.csvList'),
        kind,
        rows: checked.rows
          .filter((row) => row.outcome !== 'invalid')
          .map(({ line, phone, name: rowName }) => ({ line, phone, name: rowName })),
      }),
    onSuccess: onSaved,
  });

  const handleFile = (file: File | null) => {
    setPreview(null);
    if (file) read.mutate(file);
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t('broadcasts.audience.listName')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <Select
        label={t('broadcasts.audience.csvKind')}
        data={(['whatsapp', 'sms'] as const).map((value) => ({ value, label: t(`channelKinds.${value}`) }))}
        value={kind}
        allowDeselect={false}
        onChange={(value) => setKind(value === 'sms' ? 'sms' : 'whatsapp')}
      />
      <FileInput label={t('broadcasts.audience.csvFile')} accept=".csv,text/csv" onChange={handleFile} />
      {(read.error || save.error) && (
        <Alert color="red" role="alert">
          {errorText(read.error ?? save.error)}
        </Alert>
      )}
      {preview && (
        <>
          <Text size="sm">
            {t('broadcasts.csv.summary', {
              matched: preview.matched,
              new: preview.new,
              invalid: preview.invalid,
            })}
          </Text>
          <Table striped>
            <Table.Tbody>
              {preview.rows
                .filter((row) => row.outcome === 'invalid')
                .map((row) => (
                  <Table.Tr key={row.line}>
                    <Table.Td>{t('broadcasts.csv.line', { line: row.line })}</Table.Td>
                    <Table.Td>{row.phone}</Table.Td>
                    <Table.Td>{row.problem ? t(`broadcasts.csv.problems.${row.problem}`) : ''}</Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button
              onClick={() => save.mutate(preview)}
              loading={save.isPending}
              disabled={preview.matched + preview.new === 0}
            >
              {t('broadcasts.csv.confirm')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
