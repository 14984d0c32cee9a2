// The user campaigns modal (spec §2): the attendant's power-dial campaigns. The update view gives a switch per
// campaign they may change (running or paused, and an attendant who may use the phone) to take part or not;
// the read-only view says in words whether they take part. Reached from the phone's keypad, beside the
// operators modal.
import type { UserCampaign } from '@atende/contract';
import { Badge, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notifyError } from '../../lib/notify.ts';
import { usePhoneStore } from './phone-store.ts';
import { setUserCampaign, userCampaignsQuery } from './campaign-phone-api.ts';

function Participation({ campaign }: { campaign: UserCampaign }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (active: boolean) => setUserCampaign({ campaign_id: campaign.campaign_id, active }),
    onSuccess: (updated) =>
      client.setQueryData(userCampaignsQuery.queryKey, (list) =>
        list
          ? { data: list.data.map((item) => (item.campaign_id === updated.campaign_id ? updated : item)) }
          : list,
      ),
    onError: (error) => notifyError(errorText(error)),
  });
  if (!campaign.may_change) {
    return (
      <Text size="sm" c="dimmed" data-testid="user-campaign-state">
        {t(campaign.active ? 'campaigns.user.taking' : 'campaigns.user.notTaking')}
      </Text>
    );
  }
  return (
    <Switch
      checked={change.isPending ? change.variables : campaign.active}
      onChange={(event) => change.mutate(event.currentTarget.checked)}
      disabled={change.isPending}
      label={t('campaigns.user.takePart')}
      aria-label={t('campaigns.user.takePartIn', { name: campaign.name })}
      data-testid="user-campaign-switch"
    />
  );
}

export function UserCampaignsModal() {
  const { t } = useTranslation();
  const opened = usePhoneStore((state) => state.campaignsOpen);
  const setOpen = usePhoneStore((state) => state.setCampaignsOpen);
  const campaigns = useQuery({ ...userCampaignsQuery, enabled: opened });
  const list = campaigns.data?.data ?? [];
  return (
    <Modal opened={opened} onClose={() => setOpen(false)} title={t('campaigns.user.title')}>
      {campaigns.isError && (
        <Text size="sm" c="red" role="alert">
          {errorText(campaigns.error)}
        </Text>
      )}
      {campaigns.isSuccess && list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('campaigns.user.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {list.map((campaign) => (
            <Group
              key={campaign.campaign_id}
              justify="space-between"
              wrap="nowrap"
              data-testid="user-campaign"
              data-view={campaign.may_change ? 'update' : 'read-only'}
            >
              <div>
                <Text size="sm" fw={600}>
                  {campaign.name}
                </Text>
                <Group gap={6}>
                  <Badge size="xs" variant="light">
                    {t(`campaigns.status.${campaign.status}`)}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {t(`campaigns.modes.${campaign.mode}`)}
                  </Text>
                </Group>
              </div>
              <Participation campaign={campaign} />
            </Group>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
