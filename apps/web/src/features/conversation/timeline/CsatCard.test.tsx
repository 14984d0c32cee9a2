// The CSAT request in the timeline: a card under the message that carried it (and under no other), with the five
// choices the customer was offered; once answered, the chosen one marked, its stars and the comment, or that
// one may still come after a provider's buttons.
import type { Csat, Message } from '@atende/contract';
import { act, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderConversationPart } from '../../../test/conversation-render.tsx';
import { demoUser } from '../../../test/fixtures.ts';
import { CONTACT, item, message } from '../../../test/messages.ts';
import { loadConsoleTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { Timeline } from './Timeline.tsx';

beforeAll(async () => {
  await loadConsoleTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser(), token: 'token' });
});

const LAYOUT = { viewportHeight: 800, itemHeight: 60 };

function renderWith(messages: Message[], initial: Csat) {
  let setCsat: (csat: Csat) => void = () => undefined;
  function Shown() {
    const [csat, set] = useState(initial);
    setCsat = set;
    return (
      <VirtuosoMockContext.Provider value={LAYOUT}>
        <Timeline
          timeline={{ items: messages.map(item).reverse(), hasMore: false }}
          timeZone="America/Sao_Paulo"
          channelId={null}
          highlight={null}
          focusedId={null}
          loadingOlder={false}
          onLoadOlder={() => undefined}
          onRetry={() => undefined}
          csat={csat}
        />
      </VirtuosoMockContext.Provider>
    );
  }
  renderConversationPart(<Shown />);
  return { answer: (csat: Csat) => act(() => setCsat(csat)) };
}

describe('the CSAT card', () => {
  it('shows the request’s choices under its message, then the rating as stars and the comment', async () => {
    const question = message({ text: 'Mensagem do cliente' });
    const request = message({
      direction: 'out',
      sender: { type: 'user', id: demoUser().id, name: 'Ana' },
      text: 'Como você avalia nosso atendimento?',
      status: 'delivered',
    });
    const after = message({ text: 'Depois' });
    const asked: Csat = {
      id: '01a201b8-7800-7000-8000-0000000000f1',
      contact_id: CONTACT,
      message_id: request.id,
      requested_at: request.created_at,
      rating: null,
      comment: null,
      answered_at: null,
      comment_until: null,
    };
    const { answer } = renderWith([question, request, after], asked);

    const card = await screen.findByTestId('timeline-csat');
    expect(screen.getAllByTestId('timeline-csat')).toHaveLength(1);
    // Right under the request's bubble.
    const bubbles = screen.getAllByTestId('message');
    const requestBubble = bubbles.find((bubble) => bubble.textContent?.includes('Como você avalia'))!;
    expect(requestBubble.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const afterBubble = bubbles.find((bubble) => bubble.textContent?.includes('Depois'))!;
    expect(card.compareDocumentPosition(afterBubble) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    expect(within(card).getByText('Pesquisa de satisfação')).toBeTruthy();
    expect(within(card).getByText('Aguardando a avaliação do cliente')).toBeTruthy();
    // Virtuoso keeps its list invisible until it has placed the items at the bottom: found once shown.
    const choices = await within(card).findByRole('list', { name: 'Opções oferecidas ao cliente' });
    expect(
      within(choices)
        .getAllByRole('listitem')
        .map((choice) => choice.textContent),
    ).toEqual(['Excelente', 'Bom', 'Regular', 'Ruim', 'Péssimo']);
    expect(within(card).queryByTestId('csat-answer')).toBeNull();

    await answer({
      ...asked,
      rating: 4,
      comment: 'Resolveram rápido',
      answered_at: new Date(Date.UTC(2026, 10, 20, 15, 30)).toISOString(),
    });
    const answered = screen.getByTestId('timeline-csat');
    expect(answered.dataset.answered).toBe('true');
    expect(within(answered).getByTestId('csat-choice-4').getAttribute('aria-current')).toBe('true');
    expect(within(answered).getByTestId('csat-choice-5').getAttribute('aria-current')).toBeNull();
    const rating = within(answered).getByTestId('csat-answer');
    expect(within(rating).getByText('4 de 5 estrelas')).toBeTruthy();
    expect(within(rating).getByTestId('csat-comment').textContent).toContain('Resolveram rápido');
    expect(within(answered).queryByText('Aguardando a avaliação do cliente')).toBeNull();
  });

  it('shows an answer without comment as such', async () => {
    const request = message({ direction: 'out', text: 'Como você avalia nosso atendimento?' });
    renderWith([request], {
      id: '01a201b8-7800-7000-8000-0000000000f2',
      contact_id: CONTACT,
      message_id: request.id,
      requested_at: request.created_at,
      rating: 2,
      comment: null,
      answered_at: request.created_at,
      comment_until: request.created_at,
    });
    const card = await screen.findByTestId('timeline-csat');
    expect(within(card).getByText('2 de 5 estrelas')).toBeTruthy();
    expect(within(card).getByTestId('csat-no-comment').textContent).toBe('Sem comentário');
  });

  it('says a comment may still come while the customer was asked for one', async () => {
    const request = message({ direction: 'out', text: 'Como você avalia nosso atendimento?' });
    renderWith([request], {
      id: '01a201b8-7800-7000-8000-0000000000f3',
      contact_id: CONTACT,
      message_id: request.id,
      requested_at: request.created_at,
      rating: 5,
      comment: null,
      answered_at: request.created_at,
      comment_until: new Date(Date.now() + 60_000).toISOString(),
    });
    const card = await screen.findByTestId('timeline-csat');
    expect(within(card).getByTestId('csat-no-comment').textContent).toBe('Aguardando um comentário opcional');
  });
});
