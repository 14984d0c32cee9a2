// The conversation header's second line about who has it (issue 20, item 2): the responsible and since when,
// or that it waits in the queue; its status when not open; and the note of whoever gave it.
import type { Contact } from '@atende/contract';
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { CsatBadge } from './CsatBadge.tsx';

export function OwnerLine({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const user = useCurrentUser();
  const owner = contact.responsible;
  const since = contact.responsible_since ? format.messageTime(contact.responsible_since) : null;
  const ownerText = owner
    ? t(since ? 'lifecycle.ownerSince' : 'lifecycle.owner', {
        name: owner.id === user?.id ? t('lifecycle.you') : owner.name,
        since,
      })
    : t(contact.on_queue ? 'lifecycle.waiting' : 'lifecycle.nobody');
  return (
    <Group gap={6} mt={2} wrap="nowrap" style={{ overflow: 'hidden' }} data-testid="owner-line">
      {contact.status !== 'open' && (
        <Badge
          size="sm"
          variant="light"
          color={contact.status === 'resolved' ? 'teal' : 'grape'}
          data-testid="conversation-status"
        >
          {contact.status === 'snoozed' && contact.snoozed_until
            ? t('lifecycle.snoozedUntil', { time: format.dateTime(contact.snoozed_until) })
            : t(`lifecycle.status.${contact.status}`)}
        </Badge>
      )}
      <CsatBadge contact={contact} />
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }} data-testid="owner">
        {ownerText}
      </Text>
      {contact.assignment && (
        <Tooltip
          label={contact.assignment.note ?? ''}
          disabled={!contact.assignment.note}
          multiline
          maw={320}
        >
          <Text size="xs" c="dimmed" truncate data-testid="assignment-note">
            {contact.assignment.note
              ? t('lifecycle.givenByWithNote', {
                  name: contact.assignment.by.name,
                  note: contact.assignment.note,
                })
              : t('lifecycle.givenBy', { name: contact.assignment.by.name })}
          </Text>
        </Tooltip>
      )}
    </Group>
  );
}
