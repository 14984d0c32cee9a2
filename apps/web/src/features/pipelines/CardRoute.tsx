// card (conversa/{contactId}/pipeline/{pipelineId}/step/{stepId}/item/{itemId}, spec §2): the card's dialog
// over the conversation, which stays on screen; closing it goes back to the conversation.
import { useNavigate, useParams } from 'react-router';
import { pathTo } from '../../lib/routes.ts';
import { CardDialog } from './CardDialog.tsx';

export function CardRoute() {
  const { contactId = '', pipelineId = '', itemId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <CardDialog
      pipelineId={pipelineId}
      cardId={itemId}
      contactId={contactId}
      onClose={() => void navigate(pathTo('conversation.messages', { contactId }))}
    />
  );
}
