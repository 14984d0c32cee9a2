// The popup of a campaign customer (spec §3 popup dial flow): who is to be called (name, number, campaign, try)
// and the campaign's script; in preview the attendant calls ("Ligar") or skips ("Pular") them, otherwise it
// says the call is being placed or the customer is on the line. It floats beside the work, which goes on.
import { Button, Dialog, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notifyError } from '../../lib/notify.ts';
import { reportNextDial } from './campaign-phone-api.ts';
import { usePhoneStore } from './phone-store.ts';
import { placeCampaignCall, useCampaignDial, wasPlaced } from './use-campaign-dial.ts';

export function CampaignDialPopup() {
  const { t } = useTranslation();
  useCampaignDial();
  const dial = usePhoneStore((state) => state.dial);
  const line = usePhoneStore((state) =>
    !state.call || state.call.campaignDetailId !== dial?.campaign_detail_id
      ? 'none'
      : state.call.answeredAt === null
        ? 'ringing'
        : 'talking',
  );
  const [closed, setClosed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!dial) return null;
  const waiting = dial.trigger_action === 'preview' && !wasPlaced(dial) && line === 'none';
  // The power hand-over is answered as it arrives; a placed call rings, is talked, then awaits its classification.
  const state =
    dial.trigger_action === 'answered' || line === 'talking'
      ? 'answered'
      : line === 'ringing' || !wasPlaced(dial)
        ? 'calling'
        : 'ended';

  const handleCall = async () => {
    setBusy(true);
    const done = await placeCampaignCall(dial);
    setBusy(false);
    if (!done) notifyError(t('campaigns.dial.cannotCall'));
  };
  const handleSkip = async () => {
    setBusy(true);
    try {
      await reportNextDial({ action: 'skip', campaign_detail_id: dial.campaign_detail_id });
      usePhoneStore.getState().setDial(null);
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      opened={closed !== dial.campaign_detail_id}
      withCloseButton
      onClose={() => setClosed(dial.campaign_detail_id)}
      size="lg"
      position={{ bottom: 20, right: 20 }}
      withBorder
      shadow="md"
      role="dialog"
      aria-label={t('campaigns.dial.title')}
      data-testid="campaign-dial"
      data-trigger={dial.trigger_action}
    >
      <Stack gap={6}>
        <Text size="xs" c="dimmed">
          {t('campaigns.dial.title')} · {dial.campaign_name} ·{' '}
          {t('campaigns.dial.try', { number: dial.try_number })}
        </Text>
        <Text fw={700} data-testid="campaign-dial-customer">
          {dial.contact_name}
        </Text>
        <Text size="sm" ff="monospace">
          {dial.number}
        </Text>
        {dial.script.trim() && (
          <ScrollArea.Autosize mah={180}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="campaign-dial-script">
              {dial.script}
            </Text>
          </ScrollArea.Autosize>
        )}
        {waiting ? (
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={handleSkip} disabled={busy} data-testid="campaign-dial-skip">
              {t('campaigns.dial.skip')}
            </Button>
            <Button color="green" onClick={handleCall} loading={busy} data-testid="campaign-dial-call">
              {t('campaigns.dial.call')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" fw={600} role="status" data-testid="campaign-dial-state">
            {t(`campaigns.dial.${state}`)}
          </Text>
        )}
      </Stack>
    </Dialog>
  );
}
