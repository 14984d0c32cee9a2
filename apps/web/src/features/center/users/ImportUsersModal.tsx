// Importing users from a CSV file, in three steps: choose the file (a template to download), read the server's
// preview (each row's values and its errors in red, counts of valid and invalid rows), import the valid rows;
// then the temporary passwords, shown once, to download as usuarios-senhas.csv or copy one by one.
import {
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_ROWS,
  type UserImportColumn,
  type UserImportPreview,
  type UserImportResult,
  type UserImportRowCheck,
} from '@atende/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  CopyButton,
  FileInput,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CheckIcon } from '../../../components/Icons.tsx';
import { download } from '../../../lib/download.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { CopyIcon } from '../channels/channel-icons.tsx';
import { PASSWORDS_FILENAME, passwordsCsv, TEMPLATE_FILENAME, templateCsv } from './import-files.ts';
import { importUsers, previewUserImport, usersKey } from './users-api.ts';

const csvBlob = (text: string) => new Blob([text], { type: 'text/csv;charset=utf-8' });

function PreviewTable({ rows }: { rows: UserImportRowCheck[] }) {
  const { t } = useTranslation();
  const shown = (row: UserImportRowCheck, column: UserImportColumn) =>
    column === 'segments' || column === 'teams' ? row[column].join(' | ') : row[column];
  return (
    <ScrollArea.Autosize mah={360} type="auto">
      <Table striped withTableBorder fz="sm" data-testid="import-preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('centerUsers.import.line')}</Table.Th>
            {USER_IMPORT_COLUMNS.map((column) => (
              <Table.Th key={column}>{t(`centerUsers.fields.${column}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line} data-testid="import-row" data-valid={row.errors.length === 0}>
              <Table.Td miw={110}>
                <Stack gap={2} align="flex-start">
                  <Text size="sm">{row.line}</Text>
                  <Badge size="xs" color={row.errors.length === 0 ? 'green' : 'red'} variant="light">
                    {t(row.errors.length === 0 ? 'centerUsers.import.valid' : 'centerUsers.import.invalid')}
                  </Badge>
                </Stack>
              </Table.Td>
              {USER_IMPORT_COLUMNS.map((column) => (
                <Table.Td key={column}>
                  <Text size="sm">{shown(row, column)}</Text>
                  {row.errors
                    .filter((error) => error.field === column)
                    .map((error) => (
                      <Text key={error.message} size="xs" c="red" data-testid={`import-error-${column}`}>
                        {error.message}
                      </Text>
                    ))}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function CreatedPasswords({ result }: { result: UserImportResult }) {
  const { t } = useTranslation();
  const rejected = result.rejected.map((row) => row.line).join(', ');
  return (
    <Stack gap="sm">
      <Text size="sm">{t('centerUsers.import.created', { count: result.created.length })}</Text>
      <Alert color="yellow" variant="light" role="alert">
        {t('centerUsers.import.once')}
      </Alert>
      {result.rejected.length > 0 && (
        <Alert color="red" variant="light" data-testid="import-rejected">
          {t('centerUsers.import.rejected', { count: result.rejected.length, lines: rejected })}
        </Alert>
      )}
      <Group>
        <Button
          variant="light"
          onClick={() => download(csvBlob(passwordsCsv(result.created)), PASSWORDS_FILENAME)}
          data-testid="import-download-passwords"
        >
          {t('centerUsers.import.downloadPasswords')}
        </Button>
      </Group>
      <ScrollArea.Autosize mah={320} type="auto">
        <Table striped withTableBorder fz="sm" data-testid="import-passwords">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('centerUsers.fields.name')}</Table.Th>
              <Table.Th>{t('centerUsers.fields.username')}</Table.Th>
              <Table.Th>{t('centerUsers.import.password')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.created.map(({ user, temporary_password: password }) => (
              <Table.Tr key={user.id} data-testid="import-password-row" data-username={user.username}>
                <Table.Td>{user.name}</Table.Td>
                <Table.Td>{user.username}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text ff="monospace" size="sm" data-testid="import-password">
                      {password}
                    </Text>
                    <CopyButton value={password} timeout={2000}>
                      {({ copied, copy }) => (
                        <Tooltip label={t(copied ? 'centerChannels.copied' : 'centerChannels.copy')}>
                          <ActionIcon
                            variant="subtle"
                            onClick={copy}
                            aria-label={t('centerUsers.import.copyPassword', { username: user.username })}
                          >
                            {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </CopyButton>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

export function ImportUsersModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const preview = useMutation({ mutationFn: previewUserImport });
  const run = useMutation({
    mutationFn: (checked: UserImportPreview) =>
      importUsers(checked.rows.filter((row) => row.errors.length === 0).map(({ errors: _, ...row }) => row)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
  const checked = preview.data;
  const result = run.data;

  const handleFile = (chosen: File | null) => {
    setFile(chosen);
    run.reset();
    if (chosen) preview.mutate(chosen);
    else preview.reset();
  };
  const handleClose = () => {
    handleFile(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={handleClose} title={t('centerUsers.import.title')} size="90rem">
      {result ? (
        <Stack gap="md">
          <CreatedPasswords result={result} />
          <Group justify="flex-end">
            <Button onClick={handleClose} data-testid="import-done">
              {t('centerUsers.import.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">{t('centerUsers.import.intro', { max: USER_IMPORT_MAX_ROWS })}</Text>
          <Group align="flex-end" gap="md">
            <FileInput
              label={t('centerUsers.import.file')}
              placeholder={t('centerUsers.import.choose')}
              accept=".csv,text/csv"
              value={file}
              onChange={handleFile}
              clearable
              clearButtonProps={{ 'aria-label': t('common.close') }}
              style={{ flex: 1 }}
              data-testid="import-file"
            />
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => download(csvBlob(templateCsv()), TEMPLATE_FILENAME)}
              data-testid="import-template"
            >
              {t('centerUsers.import.template')}
            </Anchor>
          </Group>
          {preview.isPending && <Text size="sm">{t('centerUsers.import.reading')}</Text>}
          {preview.isError && (
            <Alert color="red" variant="light" role="alert" data-testid="import-file-error">
              {errorText(preview.error)}
            </Alert>
          )}
          {checked && (
            <>
              <Group gap="sm">
                <Badge color="green" variant="light" data-testid="import-valid-count">
                  {t('centerUsers.import.validCount', { count: checked.valid })}
                </Badge>
                <Badge color="red" variant="light" data-testid="import-invalid-count">
                  {t('centerUsers.import.invalidCount', { count: checked.invalid })}
                </Badge>
              </Group>
              <PreviewTable rows={checked.rows} />
            </>
          )}
          {run.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorText(run.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              {t('common.cancel')}
            </Button>
            <Button
              disabled={!checked || checked.valid === 0}
              loading={run.isPending}
              onClick={() => checked && run.mutate(checked)}
              data-testid="import-submit"
            >
              {t('centerUsers.import.submit', { count: checked?.valid ?? 0 })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
