// The console's keyboard layer, mounted once by the panel: the one shortcut listener, the two shortcuts that
// open its dialogs (Ctrl+K the command palette, `?` the list of shortcuts) and those dialogs, mounted the
// first time they open and kept afterwards, so they can animate out and give the focus back.
// The dialogs ship in the panel's chunk, never in the login route's: loaded lazily they were a chunk of
// their own sharing Mantine modules with the login page, and the bundler split the login's shared chunks
// around them (+1 KB gzip over the login budget, e2e/bundle-budget.test.ts); in the panel they cost about 8 KB of its 350.
import { useState } from 'react';
import { useShortcut, useShortcutListener } from '../../lib/shortcuts.ts';
import { CommandPalette } from './CommandPalette.tsx';
import { ShortcutsHelp } from './ShortcutsHelp.tsx';

type Dialog = 'palette' | 'help';

export function KeyboardLayer() {
  const [open, setOpen] = useState<Dialog | null>(null);
  const [mounted, setMounted] = useState<ReadonlySet<Dialog>>(new Set());
  const show = (dialog: Dialog) => {
    setMounted((previous) => new Set(previous).add(dialog));
    setOpen((current) => (current === dialog ? null : dialog));
  };
  const close = () => setOpen(null);

  useShortcutListener();
  useShortcut({
    id: 'shortcuts.palette',
    keys: 'mod+k',
    label: 'shortcuts.actions.palette',
    handler: () => show('palette'),
    hidden: true,
  });
  useShortcut({
    id: 'shortcuts.help',
    keys: '?',
    label: 'shortcuts.actions.help',
    handler: () => show('help'),
  });

  return (
    <>
      {mounted.has('palette') && <CommandPalette opened={open === 'palette'} onClose={close} />}
      {mounted.has('help') && <ShortcutsHelp opened={open === 'help'} onClose={close} />}
    </>
  );
}
