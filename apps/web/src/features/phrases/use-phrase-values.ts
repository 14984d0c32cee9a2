// The values of the placeholders for the conversation on screen: its customer and the signed-in attendant.
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { contactQuery } from '../contacts/contact-queries.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import { fillPlaceholders } from './placeholders.ts';

export function usePhraseFiller(contactId: string): (text: string) => string {
  const contactName = useQuery({ ...contactQuery(contactId), enabled: contactId !== '' }).data?.name ?? null;
  const attendantName = useCurrentUser()?.name ?? null;
  return useCallback(
    (text: string) => fillPlaceholders(text, { contactName, attendantName }),
    [contactName, attendantName],
  );
}
