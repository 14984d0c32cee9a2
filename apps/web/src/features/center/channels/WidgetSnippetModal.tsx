// The widget's installation: the tag a company pastes into its site, and — for identity verification — the
// identity secret its backend signs customer ids with (masked until revealed) and how to compute the hash.
import type { CenterChannelAccount } from '@atende/contract';
import { Alert, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { CopyField } from './CopyField.tsx';
import { identityHashExample, verifiedWidgetSnippet, widgetSnippet } from './widget-snippet.ts';

type ChatSettings = NonNullable<CenterChannelAccount['chat']>;

function IdentityVerification({ chat, origin }: { chat: ChatSettings; origin: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('centerChannels.snippet.identityTitle')}
      </Title>
      <Text size="sm" c={chat.identity_verification ? undefined : 'dimmed'}>
        {t(
          chat.identity_verification
            ? 'centerChannels.snippet.identityOn'
            : 'centerChannels.snippet.identityOff',
        )}
      </Text>
      <Text size="sm" fw={500}>
        {t('centerChannels.snippet.secret')}
      </Text>
      <CopyField value={chat.identity_secret} secret testId="widget-identity-secret" />
      <Text size="sm">{t('centerChannels.snippet.hashHowTo')}</Text>
      <CopyField value={identityHashExample} testId="widget-hash-example" />
      <Text size="sm">{t('centerChannels.snippet.verifiedTag')}</Text>
      <CopyField value={verifiedWidgetSnippet(origin, chat.widget_key)} testId="widget-verified-snippet" />
    </Stack>
  );
}

export interface WidgetSnippetModalProps {
  account: CenterChannelAccount | null;
  onClose: () => void;
}

export function WidgetSnippetModal({ account, onClose }: WidgetSnippetModalProps) {
  const { t } = useTranslation();
  const chat = account?.chat;
  const origin = window.location.origin;
  return (
    <Modal
      opened={account !== null}
      onClose={onClose}
      title={t('centerChannels.snippet.title', { name: account?.name ?? '' })}
      size="lg"
    >
      {chat ? (
        <Stack gap="md">
          <Stack gap="xs">
            <Text size="sm">{t('centerChannels.snippet.intro')}</Text>
            <CopyField value={widgetSnippet(origin, chat.widget_key)} testId="widget-snippet" />
          </Stack>
          <IdentityVerification chat={chat} origin={origin} />
        </Stack>
      ) : (
        <Alert color="yellow">{t('centerChannels.snippet.notConfigured')}</Alert>
      )}
    </Modal>
  );
}
