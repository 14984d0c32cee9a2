// Keeps a message's file addresses working while it is on screen: a little before the first expires, and when a
// picture, audio or video fails to load (the server's clock decides, not ours), the message is fetched again
// and its fresh addresses replace the old ones in the timeline.
import { renewalDelay, type Message } from '@atende/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { fetchMessage } from './message-api.ts';
import { addMessage } from './timeline-queries.ts';
import { isLocal } from './timeline-store.ts';

/** Answers the handler for a file that failed to load. */
export function useFreshAttachments(message: Message): () => void {
  const client = useQueryClient();
  const { id, contact_id: contactId, attachments } = message;
  const local = isLocal(message);
  const addresses = attachments.map((attachment) => attachment.url).join(' ');
  // One renewal per set of addresses: if the server answers the same ones (our clock runs ahead) or a file
  // fails even with fresh ones, nothing loops.
  const renewedFor = useRef<string | null>(null);
  const renew = useCallback(() => {
    if (local || renewedFor.current === addresses) return;
    renewedFor.current = addresses;
    fetchMessage(contactId, id).then(
      (fresh) => addMessage(client, fresh),
      () => undefined,
    );
  }, [client, contactId, id, local, addresses]);

  useEffect(() => {
    const delay = renewalDelay(addresses ? addresses.split(' ') : []);
    if (delay === null) return;
    const timer = setTimeout(renew, delay);
    return () => clearTimeout(timer);
  }, [addresses, renew]);

  return renew;
}
