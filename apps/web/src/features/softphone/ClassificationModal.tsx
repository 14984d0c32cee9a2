// The call reason / call classification modal (spec §2, §4): after a call, the company's call reasons and
// optional notes, posted as the classification of the call's record while the wrap-up counts down. The
// record is written by the PBX (or reported by this softphone, on an external PBX) as the call ends, so a
// record not yet ended is asked for again shortly. An answered campaign call (issue 27) also takes its outcome,
// and a callback the moment of the return, in the user's profile time zone (as schedules take it).
import {
  AGENT_OUTCOMES,
  CALL_NOTES_MAX,
  DEFAULT_TIMEZONE,
  type AgentOutcome,
  type CallRecord,
} from '@atende/contract';
import { Button, Group, Modal, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DateTimeField } from '../../components/DateFields.tsx';
import { callReasonsQuery } from '../../lib/catalogues.ts';
import { errorText } from '../../lib/error-text.ts';
import { HttpError } from '../../lib/http.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import { fromWallTime } from '../../lib/wall-time.ts';
import { useNow } from '../pause/use-now.ts';
import { wrapUpLeft, type WrapUp } from './phone-machine.ts';
import { usePhoneStore } from './phone-store.ts';
import { classifyCall, ownCall } from './softphone-api.ts';
import { dialable } from './sip-agent.ts';

const RECORD_ATTEMPTS = 5;
const RECORD_RETRY_MS = 400;

/** The call's record once the PBX has ended it (it writes the end just after the hang-up). */
async function endedRecord(sipCallId: string): Promise<CallRecord> {
  for (let attempt = 1; ; attempt++) {
    const record = await ownCall(sipCallId);
    if (record.state === 'ended' || attempt >= RECORD_ATTEMPTS) return record;
    await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS));
  }
}

/**
 * The campaign attempt an ended call belongs to: its own header's, else the campaign customer the dialer gave
 * this attendant when the number is theirs. Null for any other call.
 */
function useCampaignAttempt(wrapUp: WrapUp): string | null {
  const dial = usePhoneStore((state) => state.dial);
  if (wrapUp.campaignDetailId) return wrapUp.campaignDetailId;
  return dial && dialable(dial.number) === dialable(wrapUp.number) ? dial.campaign_detail_id : null;
}

function ClassificationForm({ wrapUp }: { wrapUp: WrapUp }) {
  const { t } = useTranslation();
  const now = useNow(500);
  const left = usePhoneStore((state) => wrapUpLeft(state, now));
  const dispatch = usePhoneStore((state) => state.dispatch);
  const reasons = useQuery(callReasonsQuery);
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [missing, setMissing] = useState(false);
  const attempt = useCampaignAttempt(wrapUp);
  // Only a call the customer answered has an outcome to give: the dialer records the others from the call.
  const asksOutcome = attempt !== null && wrapUp.answered;
  const [outcome, setOutcome] = useState<AgentOutcome | null>(null);
  const timeZone = useCurrentUser()?.timezone ?? DEFAULT_TIMEZONE;
  const [returnAt, setReturnAt] = useState('');
  const returnMoment = fromWallTime(returnAt, timeZone)?.toISOString() ?? null;
  const outcomeMissing = asksOutcome && (outcome === null || (outcome === 'callback' && !returnMoment));
  const classify = useMutation({
    mutationFn: async () => {
      const record = await endedRecord(wrapUp.sipCallId);
      const campaign = asksOutcome
        ? { outcome: outcome!, ...(outcome === 'callback' ? { return_at: returnMoment! } : {}) }
        : undefined;
      return classifyCall(record.id, { reason_id: reasonId!, notes: notes.trim() || null, campaign });
    },
    onSuccess: () => {
      // The campaign customer is done with: the dialer sends the next one.
      const { dial, setDial } = usePhoneStore.getState();
      if (attempt !== null && dial?.campaign_detail_id === attempt) setDial(null);
      dispatch({ type: 'classified', sipCallId: wrapUp.sipCallId, at: Date.now() });
    },
  });
  // No record of the call (its report never reached the server): nothing to classify, the modal may close.
  const noRecord = classify.error instanceof HttpError && classify.error.status === 404;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(reasonId === null || outcomeMissing);
    if (reasonId !== null && !outcomeMissing) classify.mutate();
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('softphone.classifyHint', { number: wrapUp.number })}
        </Text>
        {left > 0 && (
          <Text size="sm" fw={600} data-testid="classification-countdown">
            {t('softphone.wrapUp', { seconds: left })}
          </Text>
        )}
        <Radio.Group
          label={t('softphone.reason')}
          value={reasonId}
          onChange={setReasonId}
          error={missing && reasonId === null ? t('softphone.reasonRequired') : undefined}
          withAsterisk
        >
          <Stack gap={6} mt={6}>
            {(reasons.data?.data ?? []).map((reason) => (
              <Radio key={reason.id} value={reason.id} label={reason.name} />
            ))}
          </Stack>
        </Radio.Group>
        {reasons.data?.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('softphone.noReasons')}
          </Text>
        )}
        {asksOutcome && (
          <>
            <Select
              label={t('campaigns.classify.outcome')}
              data={AGENT_OUTCOMES.map((value) => ({ value, label: t(`campaigns.outcomes.${value}`) }))}
              value={outcome}
              onChange={(value) => setOutcome(value as AgentOutcome | null)}
              error={missing && outcome === null ? t('campaigns.classify.outcomeRequired') : undefined}
              withAsterisk
              comboboxProps={{ zIndex: 400 }}
              data-testid="classification-outcome"
            />
            {outcome === 'callback' && (
              <DateTimeField
                label={t('campaigns.classify.returnAt')}
                description={t('campaigns.classify.timeZone', { zone: timeZone })}
                value={returnAt}
                onChange={setReturnAt}
                error={missing && !returnMoment ? t('campaigns.classify.returnAtRequired') : undefined}
                required
                testId="classification-return-at"
                popoverZIndex={400}
              />
            )}
          </>
        )}
        <Textarea
          label={t('softphone.notes')}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          maxLength={CALL_NOTES_MAX}
          autosize
          minRows={2}
          maxRows={6}
          data-testid="classification-notes"
        />
        {classify.isError && (
          <Text size="sm" c="red" role="alert">
            {noRecord ? t('softphone.noRecord') : errorText(classify.error)}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          {noRecord && (
            <Button
              variant="default"
              onClick={() => dispatch({ type: 'classified', sipCallId: wrapUp.sipCallId, at: Date.now() })}
            >
              {t('softphone.dismiss')}
            </Button>
          )}
          <Button type="submit" loading={classify.isPending} data-testid="classification-save">
            {t('softphone.classify')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ClassificationModal() {
  const { t } = useTranslation();
  const wrapUp = usePhoneStore((state) => state.wrapUp);
  const opened = wrapUp !== null && !wrapUp.classified;
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('softphone.classifyTitle')}
      // Above a side panel's drawer left open during the call (both would sit at Mantine's 200).
      zIndex={300}
      centered
    >
      {wrapUp && <ClassificationForm key={wrapUp.sipCallId} wrapUp={wrapUp} />}
    </Modal>
  );
}
