// The Center's AI page (/center/ai, administrators): the company's OpenAI-compatible provider (API root, key —
// stored sealed and never shown again —, chat and transcription models, monthly limit, request log without
// text), a connection test, this month's usage by user and the latest logged requests. Without a provider the
// console offers only the embedded spelling fix.
import type { AiProviderRequest, AiSettings } from '@atende/contract';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { QueryBody } from '../../../components/QueryBody.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { CenterSection } from '../CenterSection.tsx';
import { aiSettingsQuery, removeAiProvider, saveAiProvider, testAiProvider } from './ai-api.ts';

type Form = Omit<AiProviderRequest, 'api_key' | 'monthly_limit'> & {
  api_key: string;
  monthly_limit: number | '';
};

const formOf = (settings: AiSettings): Form => ({
  base_url: settings.provider?.base_url ?? '',
  api_key: '',
  chat_model: settings.provider?.chat_model ?? '',
  transcription_model: settings.provider?.transcription_model ?? '',
  monthly_limit: settings.provider?.monthly_limit ?? '',
  log_requests: settings.provider?.log_requests ?? false,
});

export function AiSettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery(aiSettingsQuery);
  return (
    <Stack gap="lg">
      <CenterSection title={t('centerAi.title')} description={t('centerAi.subtitle')}>
        <QueryBody query={settings}>{(data) => <ProviderForm settings={data} />}</QueryBody>
      </CenterSection>
      {settings.data && <UsageSection settings={settings.data} />}
    </Stack>
  );
}

function ProviderForm({ settings }: { settings: AiSettings }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form, setForm] = useState<Form>(() => formOf(settings));
  useEffect(() => setForm(formOf(settings)), [settings]);
  const [tested, setTested] = useState<string | null>(null);
  const settle = (next: AiSettings) => {
    client.setQueryData(aiSettingsQuery.queryKey, next);
    // The console's AI status (['ai', 'status']): which enhancement actions it offers.
    void client.invalidateQueries({ queryKey: ['ai'] });
  };
  const save = useMutation({
    mutationFn: () =>
      saveAiProvider({
        ...form,
        api_key: form.api_key || undefined,
        monthly_limit: form.monthly_limit === '' ? null : form.monthly_limit,
      }),
    onSuccess: (next) => {
      settle(next);
      notifySuccess(t('centerAi.saved'));
    },
  });
  const remove = useMutation({ mutationFn: removeAiProvider, onSuccess: settle });
  const test = useMutation({
    mutationFn: testAiProvider,
    onMutate: () => setTested(null),
    onSuccess: (result) => setTested(t('centerAi.testOk', { count: result.models })),
  });
  const set = <K extends keyof Form>(field: K, value: Form[K]) =>
    setForm((current) => ({ ...current, [field]: value }));
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const failure = save.error ?? remove.error ?? test.error;

  return (
    <form onSubmit={handleSubmit} data-testid="ai-provider-form">
      <Stack gap="sm">
        {!settings.provider && (
          <Alert color="gray" data-testid="ai-spelling-default">
            {t('centerAi.noProvider')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('centerAi.baseUrl')}
            description={t('centerAi.baseUrlHint')}
            value={form.base_url}
            onChange={(event) => set('base_url', event.currentTarget.value)}
            required
            data-testid="ai-base-url"
          />
          <PasswordInput
            label={t('centerAi.apiKey')}
            description={settings.provider?.has_key ? t('centerAi.apiKeyStored') : undefined}
            value={form.api_key}
            onChange={(event) => set('api_key', event.currentTarget.value)}
            required={!settings.provider?.has_key}
            autoComplete="off"
            data-testid="ai-api-key"
          />
          <TextInput
            label={t('centerAi.chatModel')}
            value={form.chat_model}
            onChange={(event) => set('chat_model', event.currentTarget.value)}
            required
            data-testid="ai-chat-model"
          />
          <TextInput
            label={t('centerAi.transcriptionModel')}
            description={t('centerAi.transcriptionModelHint')}
            value={form.transcription_model}
            onChange={(event) => set('transcription_model', event.currentTarget.value)}
            data-testid="ai-transcription-model"
          />
          <NumberInput
            label={t('centerAi.monthlyLimit')}
            description={t('centerAi.monthlyLimitHint')}
            value={form.monthly_limit}
            onChange={(value) => set('monthly_limit', typeof value === 'number' ? value : '')}
            min={1}
            allowDecimal={false}
            data-testid="ai-monthly-limit"
          />
          <Switch
            mt="lg"
            label={t('centerAi.logRequests')}
            checked={form.log_requests}
            onChange={(event) => set('log_requests', event.currentTarget.checked)}
            data-testid="ai-log-requests"
          />
        </SimpleGrid>
        {failure && (
          <Alert color="red" role="alert" data-testid="ai-error">
            {errorText(failure)}
          </Alert>
        )}
        {tested && (
          <Alert color="green" data-testid="ai-test-ok">
            {tested}
          </Alert>
        )}
        <Group justify="flex-end">
          {settings.provider && (
            <>
              <Button variant="subtle" color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
                {t('centerAi.remove')}
              </Button>
              <Button
                variant="default"
                onClick={() => test.mutate()}
                loading={test.isPending}
                data-testid="ai-test"
              >
                {t('centerAi.test')}
              </Button>
            </>
          )}
          <Button type="submit" loading={save.isPending} data-testid="ai-save">
            {t('centerAi.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function UsageSection({ settings }: { settings: AiSettings }) {
  const { t } = useTranslation();
  const limit = settings.provider?.monthly_limit;
  return (
    <CenterSection
      title={t('centerAi.usageTitle', { month: settings.usage.month })}
      description={
        limit
          ? t('centerAi.usageOfLimit', { count: settings.usage.requests, limit })
          : t('centerAi.usageTotal', { count: settings.usage.requests })
      }
    >
      <Stack gap="md">
        {settings.usage.by_user.length > 0 && (
          <Table data-testid="ai-usage">
            <Table.Tbody>
              {settings.usage.by_user.map((row) => (
                <Table.Tr key={row.user_id ?? row.name}>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td ta="right">{row.requests}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {settings.log.length > 0 && (
          <>
            <Text size="sm" fw={500}>
              {t('centerAi.logTitle')}
            </Text>
            <Table data-testid="ai-log">
              <Table.Tbody>
                {settings.log.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{new Date(entry.created_at).toLocaleString()}</Table.Td>
                    <Table.Td>{entry.user_name ?? '—'}</Table.Td>
                    <Table.Td>{entry.action}</Table.Td>
                    <Table.Td>{entry.outcome}</Table.Td>
                    <Table.Td ta="right">{entry.duration_ms} ms</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </CenterSection>
  );
}
