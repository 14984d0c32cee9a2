// The Center's channels section (/center/channels): the company's channel accounts, created and edited here
// for the kinds the Center configures, each with its connection test (e-mail, providers), installation tag
// (chat) or connection details (a provider's webhook address, secrets to paste, health).
// Administrators only: anyone else is told so, without asking the server.
import { CONFIGURABLE_CHANNEL_KINDS, type CenterChannelAccount } from '@atende/contract';
import { Alert, Button, Menu, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PlusIcon } from '../../../components/Icons.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { holds } from '../../../lib/abilities.ts';
import { CenterPager, CenterSearch } from '../CenterListControls.tsx';
import { CenterSection } from '../CenterSection.tsx';
import { CHANNEL_PAGE_SIZE, channelPage, type ChannelListView } from './channel-list.ts';
import { ChannelAccountModal, type AccountEditing } from './ChannelAccountModal.tsx';
import { ChannelAccountsTable } from './ChannelAccountsTable.tsx';
import { channelAccountsQuery } from './channel-accounts-api.ts';
import { ConnectionTestModal } from './ConnectionTestModal.tsx';
import { ProviderSetupModal } from './ProviderSetupModal.tsx';
import { WidgetSnippetModal } from './WidgetSnippetModal.tsx';

function NewAccountMenu({ onPick }: { onPick: (editing: AccountEditing) => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button leftSection={<PlusIcon />} data-testid="channel-new">
          {t('centerChannels.new')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {CONFIGURABLE_CHANNEL_KINDS.map((kind) => (
          <Menu.Item
            key={kind}
            onClick={() => onPick({ kind, account: null })}
            data-testid={`channel-new-${kind}`}
          >
            {t(`channelKinds.${kind}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function ChannelAccounts() {
  const { t } = useTranslation();
  const accounts = useQuery(channelAccountsQuery);
  const [editing, setEditing] = useState<AccountEditing | null>(null);
  const [testing, setTesting] = useState<CenterChannelAccount | null>(null);
  const [installing, setInstalling] = useState<CenterChannelAccount | null>(null);
  const [connecting, setConnecting] = useState<string | null>(null);
  const [view, setView] = useState<ChannelListView>({ search: '', sort: 'kind', direction: 'asc', page: 0 });
  return (
    <CenterSection
      title={t('centerChannels.title')}
      description={t('centerChannels.subtitle')}
      action={<NewAccountMenu onPick={setEditing} />}
    >
      <QueryState
        query={accounts}
        isEmpty={(list) => list.data.length === 0}
        empty={t('centerChannels.empty')}
      >
        {(list) => {
          const { rows, total } = channelPage(list.data, view, (account) =>
            t(`channelKinds.${account.kind}`),
          );
          return (
            <Stack gap="sm">
              <CenterSearch
                label={t('centerChannels.search')}
                value={view.search}
                onChange={(search) => setView((current) => ({ ...current, search, page: 0 }))}
                testId="channels-search"
              />
              <ChannelAccountsTable
                accounts={rows}
                view={view}
                onSort={(sort, direction) => setView((current) => ({ ...current, sort, direction }))}
                onEdit={(kind, account) => setEditing({ kind, account })}
                onTest={setTesting}
                onSnippet={setInstalling}
                onSetup={(account) => setConnecting(account.id)}
              />
              <CenterPager
                total={total}
                pageSize={CHANNEL_PAGE_SIZE}
                page={view.page}
                onChange={(page) => setView((current) => ({ ...current, page }))}
              />
            </Stack>
          );
        }}
      </QueryState>
      <ChannelAccountModal editing={editing} onClose={() => setEditing(null)} />
      <ConnectionTestModal account={testing} onClose={() => setTesting(null)} />
      <WidgetSnippetModal account={installing} onClose={() => setInstalling(null)} />
      <ProviderSetupModal
        account={accounts.data?.data.find((account) => account.id === connecting) ?? null}
        onClose={() => setConnecting(null)}
      />
    </CenterSection>
  );
}

export function ChannelsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user) return null;
  if (!holds(user, 'channels.manage')) {
    return (
      <Alert color="yellow" variant="light" title={t('centerChannels.adminsOnlyTitle')} role="alert">
        {t('centerChannels.adminsOnlyBody')}
      </Alert>
    );
  }
  return <ChannelAccounts />;
}
