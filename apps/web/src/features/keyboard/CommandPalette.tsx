// The command palette (Ctrl+K): every action registered in lib/shortcuts.ts (with keys or palette-only: each
// owner registers what the user may do and what applies now), filtered by what the attendant
// types, and the contacts the search finds (contact-lookup.ts), each opening its conversation. Arrow keys
// move, Enter runs, Escape closes (Mantine Spotlight). An action that moves the focus (the footer, the search)
// keeps it; closing without one gives the focus back to where it was.
import { Group, Loader, Text } from '@mantine/core';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import '@mantine/spotlight/styles.css';
import { SEARCH_MIN_LENGTH } from '@atende/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ChannelIcon } from '../../components/ChannelIcon.tsx';
import { SearchIcon } from '../../components/Icons.tsx';
import { requestComposerFocus } from '../../lib/composer-focus.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { pathTo } from '../../lib/routes.ts';
import { useRegisteredShortcuts } from '../../lib/shortcuts.ts';
import { useContactLookup } from './contact-lookup.ts';
import classes from './CommandPalette.module.css';
import { ShortcutKeys } from './ShortcutKeys.tsx';

interface CommandPaletteProps {
  opened: boolean;
  onClose: () => void;
}

/** Case- and accent-insensitive form, so "topicos" finds "Tópicos". */
const folded = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function CommandPalette({ opened, onClose }: CommandPaletteProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [[store, control]] = useState(createSpotlight);
  const [query, setQuery] = useState('');
  const returnTo = useRef<HTMLElement | null>(null);
  const ran = useRef(false);
  const shortcuts = useRegisteredShortcuts();
  const lookup = useContactLookup(query);

  useEffect(() => {
    if (opened) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      ran.current = false;
      control.open();
    } else {
      control.close();
    }
  }, [opened, control]);

  const handleClosed = () => {
    onClose();
    if (!ran.current) returnTo.current?.focus({ preventScroll: true });
  };
  const run = (action: () => void) => {
    ran.current = true;
    action();
  };

  const wanted = folded(query.trim());
  const actions = shortcuts.filter(
    (shortcut) => !shortcut.hidden && folded(t(shortcut.label)).includes(wanted),
  );

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      returnFocus={false}
      onSpotlightClose={handleClosed}
      // The title names the dialog for screen readers (axe: aria-dialog-name); the search says it on screen.
      title={t('shortcuts.palette.label')}
      classNames={{ action: classes.action, header: classes.hiddenHeader }}
    >
      <Spotlight.Search
        placeholder={t('shortcuts.palette.placeholder')}
        aria-label={t('shortcuts.palette.label')}
        leftSection={<SearchIcon size={18} />}
        data-testid="command-palette-input"
      />
      <Spotlight.ActionsList aria-label={t('shortcuts.palette.label')} data-testid="command-palette">
        {actions.length > 0 && (
          <Spotlight.ActionsGroup label={t('shortcuts.palette.actions')}>
            {actions.map((shortcut) => (
              <Spotlight.Action
                key={shortcut.id}
                label={t(shortcut.label)}
                rightSection={shortcut.keys && <ShortcutKeys keys={shortcut.keys} />}
                onClick={() => run(shortcut.handler)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {lookup.contacts.length > 0 && (
          <Spotlight.ActionsGroup label={t('shortcuts.palette.contacts')}>
            {lookup.contacts.map((contact) => (
              <Spotlight.Action
                key={contact.id}
                label={contact.name}
                description={t('shortcuts.palette.openContact')}
                leftSection={
                  contact.main_channel ? <ChannelIcon kind={contact.main_channel} size={18} /> : null
                }
                data-testid="command-palette-contact"
                onClick={() =>
                  run(() => {
                    requestComposerFocus(contact.id);
                    void navigate(pathTo('conversation.messages', { contactId: contact.id }));
                  })
                }
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {lookup.searching ? (
          <Group gap="xs" p="sm" role="status">
            <Loader size="xs" />
            <Text size="sm">{t('shortcuts.palette.searching')}</Text>
          </Group>
        ) : lookup.tooShort && query.trim() !== '' ? (
          <Text size="sm" p="sm" role="status">
            {t('shortcuts.palette.typeMore', { count: SEARCH_MIN_LENGTH })}
          </Text>
        ) : (
          actions.length === 0 &&
          lookup.contacts.length === 0 && (
            <Spotlight.Empty role="status">{t('shortcuts.palette.nothingFound')}</Spotlight.Empty>
          )
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
