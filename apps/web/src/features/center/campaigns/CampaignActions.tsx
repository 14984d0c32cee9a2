// What a supervisor may do with a campaign in its status: start a draft, pause or resume it, and finish it
// (asked first: a finished campaign calls no one again). The server's refusal is said as a notification.
import type { Campaign, CampaignAction } from '@atende/contract';
import { Button, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notify.ts';
import { actOnCampaign, CAMPAIGN_ACTIONS, CAMPAIGNS_KEY } from './campaign-api.ts';

export function CampaignActions({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [finishing, setFinishing] = useState(false);
  const act = useMutation({
    mutationFn: (action: CampaignAction) => actOnCampaign(campaign.id, action),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      setFinishing(false);
    },
    onError: (error) => notifyError(errorText(error)),
  });
  return (
    <>
      {CAMPAIGN_ACTIONS[campaign.status].map((action) => (
        <Button
          key={action}
          size="xs"
          variant={action === 'finish' ? 'default' : 'light'}
          loading={act.isPending && act.variables === action && action !== 'finish'}
          onClick={() => (action === 'finish' ? setFinishing(true) : act.mutate(action))}
          data-testid={`campaign-${action}`}
        >
          {t(`centerCampaigns.actions.${action}`)}
        </Button>
      ))}
      <ConfirmModal
        opened={finishing}
        title={t('centerCampaigns.confirmFinish.title', { name: campaign.name })}
        confirmLabel={t('centerCampaigns.actions.finish')}
        busy={act.isPending}
        error={null}
        onConfirm={() => act.mutate('finish')}
        onClose={() => setFinishing(false)}
        testId="campaign-finish-confirm"
      >
        <Text size="sm">{t('centerCampaigns.confirmFinish.body')}</Text>
      </ConfirmModal>
    </>
  );
}
