// The company's channel accounts: kind, name, address, whether it is on, a badge for demo accounts that
// deliver nowhere, and what may be done with each (kinds the Center does not configure yet are read-only).
import { isProviderKind, type CenterChannelAccount } from '@atende/contract';
import { Badge, Button, Group, Switch, Table, Text, Tooltip } from '@mantine/core';
import { CenterSortHeader } from '../CenterListControls.tsx';
import { failing, type ChannelListView, type ChannelSort } from './channel-list.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { ChannelIcon } from '../../../components/ChannelIcon.tsx';
import { isConfigurable, type ConfigurableKind } from './account-input.ts';
import { useToggleAccount } from './use-toggle-account.ts';

export interface AccountActions {
  onEdit: (kind: ConfigurableKind, account: CenterChannelAccount) => void;
  onTest: (account: CenterChannelAccount) => void;
  onSnippet: (account: CenterChannelAccount) => void;
  onSetup: (account: CenterChannelAccount) => void;
}

function EnabledSwitch({ account }: { account: CenterChannelAccount }) {
  const { t } = useTranslation();
  const { available, busy, handleToggle } = useToggleAccount(account);
  if (!isConfigurable(account.kind) || !available) return <EnabledBadge enabled={account.enabled} />;
  return (
    <Switch
      checked={account.enabled}
      disabled={busy}
      onChange={(event) => handleToggle(event.currentTarget.checked)}
      label={t(account.enabled ? 'centerChannels.enabled' : 'centerChannels.disabled')}
      data-testid="channel-toggle"
    />
  );
}

function EnabledBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={enabled ? 'teal' : 'gray'}>
      {t(enabled ? 'centerChannels.enabled' : 'centerChannels.disabled')}
    </Badge>
  );
}

function RowActions({
  account,
  onEdit,
  onTest,
  onSnippet,
  onSetup,
}: { account: CenterChannelAccount } & AccountActions) {
  const { t } = useTranslation();
  const { kind } = account;
  if (!isConfigurable(kind)) {
    return (
      <Text size="sm" c="dimmed">
        {t('centerChannels.readOnly')}
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {((kind === 'email' && account.email) || account.provider) && (
        <Button size="compact-sm" variant="light" onClick={() => onTest(account)} data-testid="channel-test">
          {t('centerChannels.test.action')}
        </Button>
      )}
      {isProviderKind(kind) && account.provider && (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onSetup(account)}
          data-testid="channel-setup"
        >
          {t('centerChannels.setup.action')}
        </Button>
      )}
      {kind === 'chat' && account.chat && (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onSnippet(account)}
          data-testid="channel-snippet"
        >
          {t('centerChannels.snippet.action')}
        </Button>
      )}
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => onEdit(kind, account)}
        data-testid="channel-edit"
      >
        {t('centerChannels.edit')}
      </Button>
    </Group>
  );
}

/** A red mark on an account whose last event is a failure, the failure in its tooltip. */
function FailureBadge({ account }: { account: CenterChannelAccount }) {
  const { t } = useTranslation();
  if (!failing(account.health)) return null;
  return (
    <Tooltip label={account.health.last_error} multiline w={320}>
      <Badge color="red" variant="light" size="sm" data-testid="channel-failing">
        {t('centerChannels.health.lastError')}
      </Badge>
    </Tooltip>
  );
}

export function ChannelAccountsTable({
  accounts,
  view,
  onSort,
  ...actions
}: {
  accounts: CenterChannelAccount[];
  view: ChannelListView;
  onSort: (sort: ChannelSort, direction: 'asc' | 'desc') => void;
} & AccountActions) {
  const { t } = useTranslation();
  const header = (sort: ChannelSort, label: string) => (
    <CenterSortHeader
      sort={sort}
      view={view}
      onSort={onSort}
      label={label}
      testId={`channels-sort-${sort}`}
    />
  );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {header('name', t('centerChannels.columns.name'))}
            {header('kind', t('centerChannels.columns.kind'))}
            <Table.Th>{t('centerChannels.columns.address')}</Table.Th>
            {header('state', t('centerChannels.columns.state'))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((account) => (
            <Table.Tr key={account.id} data-testid="channel-row" data-kind={account.kind}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <ChannelIcon kind={account.kind} size={20} />
                  <Text size="sm" fw={500}>
                    {account.name}
                  </Text>
                  {account.simulated && (
                    <Badge color="orange" variant="light" size="sm" data-testid="channel-simulated">
                      {t('centerChannels.simulated')}
                    </Badge>
                  )}
                  <FailureBadge account={account} />
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(`channelKinds.${account.kind}`)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {account.address ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <EnabledSwitch account={account} />
              </Table.Td>
              <Table.Td>
                <RowActions account={account} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
