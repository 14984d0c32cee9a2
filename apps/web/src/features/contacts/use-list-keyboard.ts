// The keyboard inside the contact list. The list is one Tab stop (roving tabindex): only the active row is
// tabbable, ↑/↓ (Home/End, PageUp/PageDown) move the active row and its focus, Enter follows its link. The
// list is virtualised, so a row far away is first scrolled into view and focused once it is rendered. And the
// shortcuts Alt+↑/Alt+↓ open the previous/next conversation of the list from anywhere in the console, with
// the focus going to the footer of the conversation opened (or staying in the list when it was there).
import type { ContactSummary } from '@atende/contract';
import { useCallback, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { VirtuosoHandle } from 'react-virtuoso';
import { requestComposerFocus } from '../../lib/composer-focus.ts';
import { pathTo } from '../../lib/routes.ts';
import { useShortcut } from '../../lib/shortcuts.ts';

/** Rows a PageUp/PageDown moves: about a screenful. */
const PAGE_ROWS = 8;
/** Frames to wait for a scrolled-to row to be rendered before giving up on focusing it. */
const RENDER_FRAMES = 10;

const renderedRow = (list: HTMLElement | null, contactId: string): HTMLElement | undefined =>
  [...(list?.querySelectorAll<HTMLElement>('[data-contact-id]') ?? [])].find(
    (row) => row.dataset.contactId === contactId,
  );

export function useListKeyboard(rows: readonly ContactSummary[], openId: string | null) {
  const navigate = useNavigate();
  const virtuoso = useRef<VirtuosoHandle>(null);
  const container = useRef<HTMLDivElement>(null);
  // Tracked by id, not position: realtime updates reorder the rows under the attendant's focus.
  const [activeId, setActiveId] = useState<string | null>(null);
  const indexOf = (contactId: string | null) => rows.findIndex((row) => row.id === contactId);
  const activeIndex = Math.max(0, indexOf(activeId) >= 0 ? indexOf(activeId) : indexOf(openId));

  const focusRow = useCallback((index: number, contactId: string) => {
    setActiveId(contactId);
    virtuoso.current?.scrollIntoView({ index });
    let frames = 0;
    const attempt = () => {
      const row = renderedRow(container.current, contactId);
      if (row) row.focus();
      else if ((frames += 1) < RENDER_FRAMES) requestAnimationFrame(attempt);
    };
    attempt();
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || rows.length === 0) return;
    const last = rows.length - 1;
    const target = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      Home: 0,
      End: last,
      PageDown: activeIndex + PAGE_ROWS,
      PageUp: activeIndex - PAGE_ROWS,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const index = Math.min(last, Math.max(0, target));
    const row = rows[index];
    if (row) focusRow(index, row.id);
  };

  // A row focused by a click or by Tab becomes the active one.
  const handleFocus = (event: FocusEvent<HTMLDivElement>) => {
    const contactId = event.target.closest<HTMLElement>('[data-contact-id]')?.dataset.contactId;
    if (contactId) setActiveId(contactId);
  };

  const step = (offset: number) => {
    const index = indexOf(openId) + offset;
    const row = index >= 0 || openId === null ? rows[Math.max(0, index)] : undefined;
    if (!row) return;
    const inList = container.current?.contains(document.activeElement) ?? false;
    if (!inList) requestComposerFocus(row.id);
    void navigate(pathTo('conversation.messages', { contactId: row.id }));
    if (inList) focusRow(rows.indexOf(row), row.id);
  };
  useShortcut({
    id: 'contacts.previousConversation',
    keys: 'alt+ArrowUp',
    label: 'shortcuts.actions.previousConversation',
    handler: () => step(-1),
  });
  useShortcut({
    id: 'contacts.nextConversation',
    keys: 'alt+ArrowDown',
    label: 'shortcuts.actions.nextConversation',
    handler: () => step(1),
  });

  return {
    virtuoso,
    container,
    /** The active row's contact id: the one row that is a Tab stop. */
    tabbableId: rows[activeIndex]?.id ?? null,
    handleKeyDown,
    handleFocus,
  };
}
