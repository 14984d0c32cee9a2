// One row of the contact list: name, channel, last message, unread badge, priority and critical markers,
// online state and responsible. Rendered by the thousand while scrolling, so it stays plain and memoised.
import type { ContactSummary } from '@atende/contract';
import { Avatar, Badge, Checkbox } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router';
import { pathTo } from '../../lib/routes.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { initialsOf } from '../../lib/initials.ts';
import { ChannelIcon } from '../../components/ChannelIcon.tsx';
import classes from './ContactListItem.module.css';
import { responsibleLabel } from './responsible-label.ts';

interface ContactListItemProps {
  contact: ContactSummary;
  active: boolean;
  viewerId: string;
  formatTime: (value: string) => string;
  /** -1 in a list that is one Tab stop (roving tabindex), except on its active row. */
  tabIndex?: number;
  /** Supervisors select rows for bulk actions (issue 20): a checkbox beside the row, never inside its link. */
  selection?: { selected: boolean; onToggle: (contactId: string) => void };
}

function ContactListItemRow({
  contact,
  active,
  viewerId,
  formatTime,
  tabIndex,
  selection,
}: ContactListItemProps) {
  const { t } = useTranslation();
  const unread = contact.unread_messages.count;
  const channel = contact.last_message?.channel ?? contact.main_channel;
  const responsible = responsibleLabel(contact, viewerId, t);
  const lastMessage = contact.last_message
    ? contact.last_message.direction === 'out'
      ? t('contacts.row.outgoing', { text: contact.last_message.text })
      : contact.last_message.text
    : t('contacts.row.noMessages');

  const row = (
    <Link
      to={pathTo('conversation.messages', { contactId: contact.id })}
      className={[classes.row, active && classes.active, unread > 0 && classes.unread]
        .filter(Boolean)
        .join(' ')}
      aria-current={active ? 'page' : undefined}
      tabIndex={tabIndex}
      data-testid="contact-row"
      data-contact-id={contact.id}
    >
      <div className={classes.avatar}>
        <Avatar radius="xl" size={40} color="initials" name={contact.name}>
          {initialsOf(contact.name)}
        </Avatar>
        {contact.online && <span className={classes.online} title={t('contacts.row.online')} />}
      </div>
      <div className={classes.body}>
        <div className={classes.line}>
          <span className={classes.name} data-testid="contact-name">
            {contact.name}
          </span>
          {contact.last_message && (
            <time className={classes.time} dateTime={contact.last_message.created_at}>
              {formatTime(contact.last_message.created_at)}
            </time>
          )}
        </div>
        <div className={classes.line}>
          {channel && (
            <span className={classes.channel}>
              <ChannelIcon kind={channel} size={15} />
            </span>
          )}
          <span className={classes.message}>{lastMessage}</span>
          {unread > 0 && (
            <Badge
              size="sm"
              circle={unread < 10}
              variant="filled"
              aria-label={t('contacts.row.unread', { total: unread })}
              data-testid="unread-badge"
            >
              {unread > 99 ? '99+' : unread}
            </Badge>
          )}
        </div>
        <div className={classes.line}>
          <span className={classes.meta}>{responsible}</span>
          {contact.critical && (
            <Badge size="xs" color="red" variant="filled" data-testid="critical-badge">
              {t('contacts.row.critical')}
            </Badge>
          )}
          {contact.status !== 'open' && (
            <Badge
              size="xs"
              color={contact.status === 'resolved' ? 'teal' : 'grape'}
              variant="light"
              data-testid="row-status"
            >
              {t(`lifecycle.status.${contact.status}`)}
            </Badge>
          )}
          {contact.priority !== 'medium' && (
            <Badge size="xs" color={contact.priority === 'high' ? 'orange' : 'gray'} variant="light">
              {t(`contacts.priority.${contact.priority}`)}
            </Badge>
          )}
        </div>
      </div>
    </Link>
  );
  if (!selection) return row;
  return (
    <div className={classes.selectable}>
      <Checkbox
        className={classes.check}
        checked={selection.selected}
        onChange={() => selection.onToggle(contact.id)}
        aria-label={t('lifecycle.select', { name: contact.name })}
        data-testid="row-select"
      />
      {row}
    </div>
  );
}

export const ContactListItem = memo(ContactListItemRow);
