// "Test connection" of an account: an e-mail account logs into its SMTP and IMAP servers, a provider account
// calls its provider's API (on the server); each outcome is shown, a refusal in the server's own words.
import type { CenterChannelAccount, ConnectionTest, Probe } from '@atende/contract';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { errorText } from '../../../lib/error-text.ts';
import { testChannelAccount } from './channel-accounts-api.ts';

const SERVERS = ['smtp', 'imap', 'api'] as const satisfies readonly (keyof ConnectionTest)[];

function ProbeResult({ server, probe }: { server: keyof ConnectionTest; probe: Probe }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid={`connection-${server}`} data-ok={probe.ok}>
      <Group gap="xs">
        <Text fw={500}>
          {t(server === 'api' ? 'centerChannels.test.api' : `centerChannels.email.${server}`)}
        </Text>
        <Badge color={probe.ok ? 'teal' : 'red'} variant="light">
          {t(probe.ok ? 'centerChannels.test.ok' : 'centerChannels.test.failed')}
        </Badge>
      </Group>
      {!probe.ok && probe.error && (
        <Text size="sm" c="red" style={{ wordBreak: 'break-word' }}>
          {probe.error}
        </Text>
      )}
    </Stack>
  );
}

function ConnectionTestBody({ account }: { account: CenterChannelAccount }) {
  const { t } = useTranslation();
  const test = useMutation({ mutationFn: () => testChannelAccount(account.id) });
  const { mutate } = test;
  useEffect(() => mutate(), [mutate]);

  if (test.isError) return <Alert color="red">{errorText(test.error)}</Alert>;
  if (!test.data) {
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">{t('centerChannels.test.running')}</Text>
      </Group>
    );
  }
  return (
    <Stack gap="md">
      {SERVERS.map((server) => {
        const probe = test.data[server];
        return probe && <ProbeResult key={server} server={server} probe={probe} />;
      })}
      <Group justify="flex-end">
        <Button variant="light" onClick={() => mutate()} loading={test.isPending}>
          {t('centerChannels.test.again')}
        </Button>
      </Group>
    </Stack>
  );
}

export interface ConnectionTestModalProps {
  account: CenterChannelAccount | null;
  onClose: () => void;
}

export function ConnectionTestModal({ account, onClose }: ConnectionTestModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={account !== null}
      onClose={onClose}
      title={t('centerChannels.test.title', { name: account?.name ?? '' })}
    >
      {account && <ConnectionTestBody key={account.id} account={account} />}
    </Modal>
  );
}
