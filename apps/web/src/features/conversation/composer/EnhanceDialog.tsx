// The AI text enhancement dialog (spec §2): the draft on one side, the suggestion streaming in on the other,
// editable; "use suggestion" replaces the draft (nothing is sent), "discard" leaves it as it was. Without a
// provider only the spelling fix works, labelled "spelling only", and the other actions say why they are off.
import {
  ENHANCEMENT_ACTIONS,
  type ChannelKind,
  type EnhancementAction,
  type Language,
} from '@atende/contract';
import { Alert, Badge, Button, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { aiStatusKey, fetchAiStatus } from './enhancement-api.ts';
import { useEnhancement } from './use-enhancement.ts';

export interface EnhanceDialogProps {
  opened: boolean;
  contactId: string;
  draft: string;
  channel: ChannelKind;
  onAccept: (text: string) => void;
  onClose: () => void;
}

export function EnhanceDialog(props: EnhanceDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('enhance.title')} size="xl">
      {props.opened && <EnhanceBody {...props} />}
    </Modal>
  );
}

function EnhanceBody({ contactId, draft, channel, onAccept, onClose }: EnhanceDialogProps) {
  const { t, language } = useTranslation();
  const status = useQuery({ queryKey: aiStatusKey, queryFn: fetchAiStatus, staleTime: 60_000 });
  const { state, start, edit, reset } = useEnhancement(contactId);
  const [action, setAction] = useState<EnhancementAction | null>(null);
  const provider = status.data?.provider ?? false;
  const available = (candidate: EnhancementAction) => provider || candidate === 'fix';

  const handleAction = (candidate: EnhancementAction) => {
    setAction(candidate);
    start({ action: candidate, text: draft, channel, language: language as Language });
  };
  const handleDiscard = () => {
    reset();
    onClose();
  };
  const handleAccept = () => {
    onAccept(state.suggestion);
    reset();
  };

  return (
    <Stack gap="sm" data-testid="enhance-dialog">
      <Group gap="xs" data-testid="enhance-actions">
        {ENHANCEMENT_ACTIONS.map((candidate) => (
          <Button
            key={candidate}
            size="compact-sm"
            variant={candidate === action ? 'filled' : 'light'}
            disabled={!status.data || !available(candidate) || state.streaming}
            onClick={() => handleAction(candidate)}
            data-testid={`enhance-action-${candidate}`}
          >
            {t(`enhance.actions.${candidate}`)}
          </Button>
        ))}
      </Group>
      {status.data && !provider && (
        <Group gap="xs">
          <Badge variant="light" color="gray" data-testid="enhance-spelling-only">
            {t('enhance.spellingOnly')}
          </Badge>
          <Text size="xs" c="dimmed">
            {t('enhance.providerNeeded')}
          </Text>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Textarea
          label={t('enhance.original')}
          value={draft}
          readOnly
          autosize
          minRows={5}
          maxRows={14}
          data-testid="enhance-original"
        />
        <Textarea
          label={
            state.mode === 'spelling_only'
              ? `${t('enhance.suggestion')} · ${t('enhance.spellingOnly')}`
              : t('enhance.suggestion')
          }
          value={state.suggestion}
          onChange={(event) => edit(event.currentTarget.value)}
          placeholder={state.streaming ? t('enhance.streaming') : t('enhance.pickAction')}
          autosize
          minRows={5}
          maxRows={14}
          aria-busy={state.streaming}
          data-testid="enhance-suggestion"
          data-streaming={state.streaming || undefined}
        />
      </SimpleGrid>
      {state.error && (
        <Alert color="red" role="alert" data-testid="enhance-error">
          {state.error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={handleDiscard} data-testid="enhance-discard">
          {t('enhance.discard')}
        </Button>
        <Button
          onClick={handleAccept}
          disabled={state.streaming || state.suggestion.trim() === '' || state.error !== null}
          data-testid="enhance-accept"
        >
          {t('enhance.accept')}
        </Button>
      </Group>
    </Stack>
  );
}
