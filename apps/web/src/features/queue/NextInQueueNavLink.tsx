// The sidebar's next-in-queue entry (spec §2): the live number of customers waiting, and a press that takes
// the next one and opens the conversation.
import { Badge, NavLink } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ArrowForwardIcon } from '../../components/Icons.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { ariaKeys, useShortcut } from '../../lib/shortcuts.ts';
import { waitingQueueQuery } from '../contacts/contact-queries.ts';
import { useTakeNext } from './use-take-next.ts';

const NEXT_KEYS = 'alt+n';

export function NextInQueueNavLink({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const waiting = useQuery(waitingQueueQuery).data?.count;
  const takeNext = useTakeNext();

  const handleClick = () => {
    takeNext.mutate(undefined, { onSuccess: onNavigate });
  };
  useShortcut({
    id: 'queue.next',
    keys: NEXT_KEYS,
    label: 'shortcuts.actions.nextInQueue',
    handler: () => {
      if (!takeNext.isPending) handleClick();
    },
  });

  return (
    <NavLink
      component="button"
      type="button"
      label={t('queue.next')}
      description={t('queue.waitingCount', { total: waiting ?? 0 })}
      leftSection={<ArrowForwardIcon size={20} />}
      rightSection={
        <Badge
          variant={waiting ? 'filled' : 'light'}
          color={waiting ? 'brand' : 'gray'}
          data-testid="waiting-counter"
          aria-hidden="true"
        >
          {waiting ?? '–'}
        </Badge>
      }
      onClick={handleClick}
      disabled={takeNext.isPending}
      aria-busy={takeNext.isPending}
      aria-keyshortcuts={ariaKeys(NEXT_KEYS)}
      data-testid="next-in-queue"
    />
  );
}
