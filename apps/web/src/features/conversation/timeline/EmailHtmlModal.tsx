// The original (HTML) version of an e-mail. The server already sanitised it; it is still shown in a frame
// sandboxed with no permission at all (no scripts, no same origin, no forms, no popups), so nothing in it can
// reach the console or its session even if the sanitiser missed something.
import { Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n.ts';
import { conversationKeys } from '../conversation-keys.ts';
import { fetchMessageHtml } from './message-api.ts';
import { QueryBody } from '../../../components/QueryBody.tsx';

export interface EmailHtmlModalProps {
  contactId: string;
  messageId: string | null;
  onClose: () => void;
}

export function EmailHtmlModal({ contactId, messageId, onClose }: EmailHtmlModalProps) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: [...conversationKeys.message(contactId, messageId ?? ''), 'html'],
    queryFn: ({ signal }) => fetchMessageHtml(contactId, messageId ?? '', signal),
    enabled: messageId !== null,
    retry: false,
  });
  const title = query.data?.subject ? query.data.subject : t('email.original');
  return (
    <Modal opened={messageId !== null} onClose={onClose} title={title} size="xl">
      <QueryBody query={query}>
        {(data) => (
          <iframe
            sandbox=""
            srcDoc={data.html}
            title={t('email.original')}
            referrerPolicy="no-referrer"
            style={{ width: '100%', height: '70vh', border: 0, background: 'white' }}
            data-testid="email-html"
          />
        )}
      </QueryBody>
    </Modal>
  );
}
