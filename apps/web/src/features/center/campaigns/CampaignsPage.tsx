// Center › Campaigns (issue 27): the company's power-dial campaigns with their status and key counts, the
// create / edit form, start / pause / resume / finish, the removal of a draft, and the way to each campaign's
// live view. Kept current by the same realtime `campaign.changed` as the live view.
import type { Campaign } from '@atende/contract';
import { Button, Group, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { PlusIcon } from '../../../components/Icons.tsx';
import { QueryBody } from '../../../components/QueryBody.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { pathTo } from '../../../lib/routes.ts';
import { CenterSection } from '../CenterSection.tsx';
import { CAMPAIGNS_KEY, campaignsQuery, deleteCampaign } from './campaign-api.ts';
import { useCampaignsLive } from './campaign-live.ts';
import { AbandonRate, CampaignStatusBadge } from './campaign-status.tsx';
import { CampaignActions } from './CampaignActions.tsx';
import { CampaignFormModal } from './CampaignFormModal.tsx';

function DeleteConfirm({ campaign, onClose }: { campaign: Campaign | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => deleteCampaign(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      onClose();
    },
  });
  const handleClose = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmModal
      opened={campaign !== null}
      title={t('centerCampaigns.confirmDelete.title', { name: campaign?.name ?? '' })}
      confirmLabel={t('centerCampaigns.actions.delete')}
      busy={remove.isPending}
      error={remove.isError ? errorText(remove.error) : null}
      onConfirm={() => campaign && remove.mutate(campaign.id)}
      onClose={handleClose}
      testId="campaign-delete-confirm"
    >
      <Text size="sm">{t('centerCampaigns.confirmDelete.body')}</Text>
    </ConfirmModal>
  );
}

function CampaignRow({
  campaign,
  onEdit,
  onDelete,
}: {
  campaign: Campaign;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { stats } = campaign;
  return (
    <Table.Tr data-testid="campaign-row" data-campaign-id={campaign.id}>
      <Table.Td>
        <Text size="sm" fw={600} component={Link} to={pathTo('center.campaign', { campaignId: campaign.id })}>
          {campaign.name}
        </Text>
        <Text size="xs" c="dimmed">
          {campaign.list_name} · {t(`campaigns.modes.${campaign.mode}`)}
        </Text>
      </Table.Td>
      <Table.Td>
        <CampaignStatusBadge status={campaign.status} />
      </Table.Td>
      <Table.Td data-testid="campaign-progress">
        {/* A draft has no customers of its own yet (a filter list is resolved at the start): no zeros. */}
        {campaign.status === 'draft'
          ? t('centerCampaigns.list.notStarted')
          : t('centerCampaigns.list.progress', {
              dialled: stats.dialled,
              answered: stats.answered,
              remaining: stats.remaining,
            })}
      </Table.Td>
      <Table.Td>
        <AbandonRate rate={stats.abandon_rate} />
      </Table.Td>
      <Table.Td>
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <CampaignActions campaign={campaign} />
          {campaign.status !== 'running' && campaign.status !== 'finished' && (
            <Button size="xs" variant="subtle" onClick={onEdit} data-testid="campaign-edit">
              {t('centerCampaigns.actions.edit')}
            </Button>
          )}
          {campaign.status === 'draft' && (
            <Button size="xs" variant="subtle" color="red" onClick={onDelete} data-testid="campaign-delete">
              {t('centerCampaigns.actions.delete')}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function CampaignsPage() {
  const { t } = useTranslation();
  const campaigns = useQuery(campaignsQuery);
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  useCampaignsLive();
  return (
    <CenterSection
      title={t('centerCampaigns.title')}
      description={t('centerCampaigns.description')}
      action={
        <Button leftSection={<PlusIcon />} onClick={() => setEditing('new')} data-testid="campaign-new">
          {t('centerCampaigns.new')}
        </Button>
      }
    >
      <QueryBody query={campaigns}>
        {(data) =>
          data.data.length === 0 ? (
            <Text c="dimmed" data-testid="campaigns-empty">
              {t('centerCampaigns.empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table data-testid="campaigns">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('centerCampaigns.list.name')}</Table.Th>
                    <Table.Th>{t('centerCampaigns.list.status')}</Table.Th>
                    <Table.Th>{t('centerCampaigns.list.calls')}</Table.Th>
                    <Table.Th>{t('centerCampaigns.stats.abandon_rate')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.data.map((campaign) => (
                    <CampaignRow
                      key={campaign.id}
                      campaign={campaign}
                      onEdit={() => setEditing(campaign)}
                      onDelete={() => setDeleting(campaign)}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryBody>
      <CampaignFormModal editing={editing} onClose={() => setEditing(null)} />
      <DeleteConfirm campaign={deleting} onClose={() => setDeleting(null)} />
    </CenterSection>
  );
}
