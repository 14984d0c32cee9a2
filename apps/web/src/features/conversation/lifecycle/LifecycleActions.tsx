// The conversation header's actions on its life and owner (issue 20): resolve (optionally with an outcome of
// the company's event actions), reopen, snooze until a preset or a chosen time (SnoozeUntilModal), and
// assign / transfer / return to the queue (AssignModal) for the owner, a user with change_responsible, or
// anyone for an unassigned one. Each is in the command palette too, while it applies (LifecyclePaletteActions).

import type { Contact } from '@atende/contract';
import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { CheckIcon } from '../../../components/Icons.tsx';
import { eventActionsQuery } from '../../../lib/catalogues.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { ariaKeys, useShortcut, useShortcuts, type Shortcut } from '../../../lib/shortcuts.ts';
import { AssignModal } from './AssignModal.tsx';
import { ChevronDownIcon, ClockPauseIcon, ReopenIcon, TransferIcon } from './LifecycleIcons.tsx';
import { SNOOZE_PRESETS, snoozeUntil, type SnoozePreset } from './snooze-presets.ts';
import { useAssignRights, useLifecycle, useReturnToQueue } from './use-lifecycle.ts';

/** Keyboard-first (issue 20, item 3): resolve and assign without the mouse, listed in `?` and Ctrl+K. */
const RESOLVE_KEYS = 'alt+r';
const ASSIGN_KEYS = 'alt+a';

function ResolveButton({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const { resolve } = useLifecycle(contact.id);
  // The menu records an outcome with nothing else: actions whose events need a value or an annotation (set in
  // the Center) are registered from the events page instead.
  const actions = (useQuery(eventActionsQuery).data?.data ?? []).filter(
    (action) => action.amount !== 'required' && !action.annotation_required,
  );
  const handleResolve = (eventActionId?: string) =>
    resolve.mutate(eventActionId ? { event_action_id: eventActionId } : {}, {
      onSuccess: () => notifySuccess(t('lifecycle.resolved', { name: contact.name })),
    });
  useShortcut({
    id: 'conversation.resolve',
    keys: RESOLVE_KEYS,
    label: 'shortcuts.actions.resolve',
    handler: () => {
      if (!resolve.isPending) handleResolve();
    },
  });
  return (
    <Group gap={0} wrap="nowrap">
      <Button
        size="xs"
        color="teal"
        leftSection={<CheckIcon size={16} />}
        loading={resolve.isPending}
        onClick={() => handleResolve()}
        aria-keyshortcuts={ariaKeys(RESOLVE_KEYS)}
        style={actions.length ? { borderTopRightRadius: 0, borderBottomRightRadius: 0 } : undefined}
        data-testid="resolve"
      >
        {t('lifecycle.resolve')}
      </Button>
      {actions.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              size={30}
              color="teal"
              variant="filled"
              aria-label={t('lifecycle.resolveWithOutcome')}
              style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: '1px solid #ffffff66' }}
              data-testid="resolve-outcomes"
            >
              <ChevronDownIcon size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('lifecycle.resolveWithOutcome')}</Menu.Label>
            {actions.map((action) => (
              <Menu.Item key={action.id} onClick={() => handleResolve(action.id)}>
                {action.name}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

const SnoozeUntilModal = lazy(() =>
  import('./SnoozeUntilModal.tsx').then((module) => ({ default: module.SnoozeUntilModal })),
);

const SNOOZE_LABELS = {
  oneHour: 'shortcuts.actions.snoozeOneHour',
  threeHours: 'shortcuts.actions.snoozeThreeHours',
  tomorrow: 'shortcuts.actions.snoozeTomorrow',
} as const satisfies Record<SnoozePreset, Shortcut['label']>;

function SnoozeMenu({ contact, onChoose }: { contact: Contact; onChoose: () => void }) {
  const { t } = useTranslation();
  const { snooze } = useLifecycle(contact.id);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('lifecycle.snooze')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('lifecycle.snooze')}
            loading={snooze.isPending}
            data-testid="snooze"
          >
            <ClockPauseIcon />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('lifecycle.snoozeUntilLabel')}</Menu.Label>
        {SNOOZE_PRESETS.map((preset) => (
          <Menu.Item
            key={preset}
            onClick={() => snooze.mutate(snoozeUntil(preset))}
            data-testid={`snooze-${preset}`}
          >
            {t(`lifecycle.snoozePresets.${preset}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={onChoose} data-testid="snooze-custom">
          {t('lifecycle.snoozeCustom')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function AssignShortcut({ onAssign }: { onAssign: () => void }) {
  useShortcut({
    id: 'conversation.assign',
    keys: ASSIGN_KEYS,
    label: 'shortcuts.actions.assign',
    handler: onAssign,
  });
  return null;
}

/** The palette's entries for what applies to this conversation now: the header's actions, run the same way. */
function usePaletteActions(contact: Contact, onChooseSnooze: () => void) {
  const { reopen, snooze } = useLifecycle(contact.id);
  const { returnToQueue } = useReturnToQueue(contact.id);
  const { mayReturnToQueue } = useAssignRights(contact);
  const entries: Shortcut[] =
    contact.status === 'open'
      ? [
          ...SNOOZE_PRESETS.map((preset) => ({
            id: `conversation.snooze.${preset}`,
            label: SNOOZE_LABELS[preset],
            handler: () => snooze.mutate(snoozeUntil(preset)),
          })),
          {
            id: 'conversation.snooze.custom',
            label: 'shortcuts.actions.snoozeCustom',
            handler: onChooseSnooze,
          },
        ]
      : [{ id: 'conversation.reopen', label: 'shortcuts.actions.reopen', handler: () => reopen.mutate() }];
  if (mayReturnToQueue) {
    entries.push({
      id: 'conversation.returnToQueue',
      label: 'shortcuts.actions.returnToQueue',
      handler: () => returnToQueue(),
    });
  }
  useShortcuts(entries);
}

type Dialog = 'assign' | 'snooze';

export function LifecycleActions({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const { reopen } = useLifecycle(contact.id);
  const { mayAssign } = useAssignRights(contact);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const openAssign = () => setDialog('assign');
  const openSnooze = () => setDialog('snooze');
  const close = () => setDialog(null);
  usePaletteActions(contact, openSnooze);
  return (
    <Group gap={4} wrap="nowrap" data-testid="lifecycle-actions">
      {mayAssign && (
        <Tooltip label={t('lifecycle.assign')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('lifecycle.assign')}
            onClick={openAssign}
            aria-keyshortcuts={ariaKeys(ASSIGN_KEYS)}
            data-testid="assign"
          >
            <TransferIcon />
          </ActionIcon>
        </Tooltip>
      )}
      {contact.status === 'open' && <SnoozeMenu contact={contact} onChoose={openSnooze} />}
      {contact.status === 'open' ? (
        <ResolveButton contact={contact} />
      ) : (
        <Button
          size="xs"
          variant="light"
          leftSection={<ReopenIcon size={16} />}
          loading={reopen.isPending}
          onClick={() => reopen.mutate()}
          data-testid="reopen"
        >
          {t('lifecycle.reopen')}
        </Button>
      )}
      {mayAssign && <AssignShortcut onAssign={openAssign} />}
      {dialog === 'assign' && <AssignModal contact={contact} onClose={close} />}
      {dialog === 'snooze' && (
        <Suspense fallback={null}>
          <SnoozeUntilModal contact={contact} onClose={close} />
        </Suspense>
      )}
    </Group>
  );
}
