// The console's live link: while the console is open, one realtime connection whose events patch the contact
// cache; every (re)connect refetches what is on screen; a grown unread count notifies (browser notification,
// and the chime when the user's sound_notification is on); a refused token ends the session like a 401.
import type { ContactSummary, UnreadChanged } from '@atende/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { offeredCatalogueKeys } from '../../lib/catalogues.ts';
import { contactKeys } from '../../lib/contact-keys.ts';
import { TEAMS_KEY } from '../../lib/teams.ts';
import { BROADCASTS_KEY } from '../../lib/broadcast-keys.ts';
import { pathTo } from '../../lib/routes.ts';
import { HttpError } from '../../lib/http.ts';
import { i18n } from '../../lib/i18n.ts';
import { openRealtime } from '../../lib/realtime.ts';
import { showMessageNotification } from '../../lib/browser-notification.ts';
import { playNotificationSound, unlockSound } from '../../lib/notification-sound.ts';
import { createUnreadTracker } from '../alerts/unread-tracker.ts';
import { useUnreadTitle } from '../alerts/unread-title.ts';
import { useBranding } from '../branding/resources-store.ts';
import {
  applyAssigned,
  applySummary,
  applyWaitingCount,
  forgetLiveState,
  knownContact,
  resyncContacts,
} from '../contacts/contact-cache.ts';
import type { Viewer } from '../contacts/contact-filters.ts';
import { holds } from '../../lib/abilities.ts';
import { handleHttpError } from '../session/http-errors.ts';
import { useSessionStore } from '../../lib/session-store.ts';

/** A refused handshake is the socket's 401: the same handling (clear the session, say why once). */
function endSession(code: string): void {
  const message = code === 'session_expired' ? 'realtime.sessionExpired' : 'realtime.unauthenticated';
  handleHttpError(new HttpError(401, { message: i18n.t(message), code }), {
    path: '/socket.io',
    notify: true,
    unauthorized: 'sign-out',
  });
}

export function useLiveUpdates(enabled: boolean): void {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const favicon = useBranding().favicon;
  const token = useSessionStore((state) => state.token);
  const userId = useSessionStore((state) => state.user?.id);
  const seesAll = useSessionStore((state) => holds(state.user, 'contacts.see_all'));
  // Read by event handlers at the time of the event, without reconnecting when they change.
  const latest = useRef({ pathname, favicon, navigate });
  useEffect(() => {
    latest.current = { pathname, favicon, navigate };
  }, [pathname, favicon, navigate]);

  useUnreadTitle(client, enabled);

  useEffect(() => {
    if (!enabled) return undefined;
    // Browsers allow sound only after a gesture: the first click or key in the console opens the audio.
    const unlock = () => unlockSound();
    window.addEventListener('pointerdown', unlock, { once: true });
    window.addEventListener('keydown', unlock, { once: true });
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
  }, [enabled]);

  useEffect(() => {
    if (!enabled || !token || !userId) return undefined;
    const viewer: Viewer = { id: userId, supervising: seesAll };
    const unread = createUnreadTracker();

    const handleSummary = (summary: ContactSummary) => {
      unread.noteSummary(summary, applySummary(client, viewer, summary));
    };

    const handleUnread = (event: UnreadChanged) => {
      const contact = knownContact(client, event.contact_id);
      if (!unread.increased(event, contact?.unread_messages.count)) return;
      if (useSessionStore.getState().user?.sound_notification) playNotificationSound();
      const conversationPath = pathTo('conversation.messages', { contactId: event.contact_id });
      // The conversation on screen needs no notification while the user looks at it.
      const looking =
        document.visibilityState === 'visible' && latest.current.pathname.startsWith(conversationPath);
      if (looking) return;
      showMessageNotification({
        contactId: event.contact_id,
        title: contact?.name ?? i18n.t('alerts.newMessage'),
        body: contact?.last_message?.text ?? i18n.t('alerts.unread', { total: event.count }),
        icon: latest.current.favicon,
        onOpen: () => void latest.current.navigate(conversationPath),
      });
    };

    const connection = openRealtime({
      token,
      // Events may have been missed while disconnected (or before the first connect): fetch again.
      onConnect: () => void resyncContacts(client),
      onAuthRefused: endSession,
    });
    const { socket } = connection;
    socket.on('contact.created', handleSummary);
    socket.on('contact.updated', handleSummary);
    socket.on('contact.unread', handleUnread);
    socket.on('contact.assigned', (event) => applyAssigned(client, viewer, event));
    socket.on('waiting.changed', ({ count }) => applyWaitingCount(client, count));
    socket.on('catalogue.changed', ({ catalogue }) => {
      const offered = offeredCatalogueKeys[catalogue];
      if (offered) void client.invalidateQueries({ queryKey: offered });
    });
    // Who serves which segments changed: "only my segments" lists and the queue's order may differ now.
    socket.on('team.changed', () => {
      void client.invalidateQueries({ queryKey: TEAMS_KEY });
      void client.invalidateQueries({ queryKey: contactKeys.lists() });
      void client.invalidateQueries({ queryKey: contactKeys.waiting() });
    });

    // A broadcast's progress or status changed: whatever shows broadcasts reads them again.
    socket.on('broadcast.changed', () => void client.invalidateQueries({ queryKey: BROADCASTS_KEY }));

    return () => {
      connection.close();
      forgetLiveState(client);
    };
  }, [enabled, token, userId, seesAll, client]);
}
