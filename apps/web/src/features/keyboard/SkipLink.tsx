// "Pular para a conversa": the page's first tab stop, hidden until focused, taking a keyboard user past the
// header, the menu and the contact list straight to the work area (WCAG 2.4.1 "bypass blocks").
import type { MouseEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import classes from './SkipLink.module.css';

export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  // Focus moves by hand: following `#id` would put a hash in the router's URL.
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(targetId)?.focus();
  };
  return (
    <a href={`#${targetId}`} className={classes.skip} onClick={handleClick}>
      {t('shortcuts.skipToConversation')}
    </a>
  );
}
