// A conversation a colleague gave to this user (issue 20, item 2): the server sends `conversation.transferred`
// to the receiver's sockets; the console shows who gave it and their note, and opens it on a click.
import type { ConversationTransferred } from '@atende/contract';
import { notifications } from '@mantine/notifications';
import { createElement, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { i18n } from '../../../lib/i18n.ts';
import { useRealtimeStore } from '../../../lib/realtime.ts';
import { pathTo } from '../../../lib/routes.ts';
import { TransferNotice } from './TransferNotice.tsx';

export function useTransferNotices(): void {
  const socket = useRealtimeStore((state) => state.socket);
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);

  useEffect(() => {
    if (!socket) return undefined;
    const handleTransferred = (event: ConversationTransferred) => {
      const id = `transfer:${event.contact_id}:${event.at}`;
      const open = () => {
        notifications.hide(id);
        void latest.current(pathTo('conversation.messages', { contactId: event.contact_id }));
      };
      notifications.show({
        id,
        title: i18n.t('lifecycle.transferredTitle', { name: event.by.name, contact: event.contact_name }),
        message: createElement(TransferNotice, { note: event.note, onOpen: open }),
        color: 'blue',
        autoClose: false,
        withBorder: true,
      });
    };
    socket.on('conversation.transferred', handleTransferred);
    return () => {
      socket.off('conversation.transferred', handleTransferred);
    };
  }, [socket]);
}
