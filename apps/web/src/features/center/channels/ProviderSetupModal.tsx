// A provider account's connection: the webhook address and the secrets this server made, to paste into the
// provider's console; a button that registers the address through the provider's API where it has one
// (Telegram, Viber); and the account's health — what arrived and left last, and the last failure.
import {
  DEFAULT_TIMEZONE,
  isProviderKind,
  WEBHOOK_REGISTRATION,
  type CenterChannelAccount,
  type ChannelHealth,
} from '@atende/contract';
import { Alert, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { errorText } from '../../../lib/error-text.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { channelAccountsQuery, registerChannelWebhook } from './channel-accounts-api.ts';
import { CopyField } from './CopyField.tsx';

function HealthTable({ health }: { health: ChannelHealth }) {
  const { t, language } = useTranslation();
  const timeZone = useCurrentUser()?.timezone ?? DEFAULT_TIMEZONE;
  const when = (value: string | null) =>
    value ? formatDateTime(value, { language, timeZone }) : t('centerChannels.health.never');
  const rows: [string, string, string][] = [
    ['inbound', t('centerChannels.health.lastInbound'), when(health.last_inbound_at)],
    ['outbound', t('centerChannels.health.lastOutbound'), when(health.last_outbound_at)],
    [
      'error',
      t('centerChannels.health.lastError'),
      health.last_error
        ? `${when(health.last_error_at)} · ${health.last_error}`
        : t('centerChannels.health.none'),
    ],
  ];
  return (
    <Table withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map(([key, label, value]) => (
          <Table.Tr key={key} data-testid={`channel-health-${key}`}>
            <Table.Th w={160} fw={500}>
              {label}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function SetupBody({ account }: { account: CenterChannelAccount }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const register = useMutation({
    mutationFn: () => registerChannelWebhook(account.id),
    onSuccess: async () => {
      notifySuccess(t('centerChannels.setup.registered'));
      await queryClient.invalidateQueries({ queryKey: channelAccountsQuery.queryKey });
    },
  });
  const provider = account.provider;
  if (!provider) return <Alert color="yellow">{t('centerChannels.setup.notSaved')}</Alert>;
  const registrable = isProviderKind(account.kind) && WEBHOOK_REGISTRATION[account.kind];
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t('centerChannels.setup.webhookUrl')}
        </Text>
        <CopyField value={provider.webhook_url} testId="channel-webhook-url" />
        {Object.entries(provider.generated).map(([name, value]) => (
          <Stack gap={4} key={name}>
            <Text size="sm" fw={500}>
              {t(`centerChannels.setup.generated.${name}` as ParseKeys)}
            </Text>
            <CopyField value={value} secret testId={`channel-generated-${name}`} />
          </Stack>
        ))}
      </Stack>
      {registrable && (
        <Group>
          <Button
            variant="light"
            onClick={() => register.mutate()}
            loading={register.isPending}
            data-testid="channel-register-webhook"
          >
            {t('centerChannels.setup.register')}
          </Button>
        </Group>
      )}
      {register.isError && <Alert color="red">{errorText(register.error)}</Alert>}
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('centerChannels.health.title')}
        </Title>
        <HealthTable health={account.health} />
      </Stack>
    </Stack>
  );
}

export interface ProviderSetupModalProps {
  account: CenterChannelAccount | null;
  onClose: () => void;
}

export function ProviderSetupModal({ account, onClose }: ProviderSetupModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={account !== null}
      onClose={onClose}
      title={t('centerChannels.setup.title', { name: account?.name ?? '' })}
      size="lg"
    >
      {account && <SetupBody key={account.id} account={account} />}
    </Modal>
  );
}
