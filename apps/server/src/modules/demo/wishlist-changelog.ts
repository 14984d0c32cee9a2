// The demo's wishlist (suggestions in every status, some voted on, one anonymous) and the product's changelog:
// the versions that brought Atende's features, written once per database (the changelog is product-wide).
import type { ChangelogChange, ChangeType, SuggestionStatus, SuggestionVote } from '@atende/contract';
import { isNull } from 'drizzle-orm';
import { changelogVersions, suggestions, suggestionVotes } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

type Triple = [pt: string, en: string, es: string];
const change = (type: ChangeType, [pt, en, es]: Triple): ChangelogChange => ({
  type,
  descriptions: { pt, en, es },
});

const PRODUCT_VERSIONS: { date: string; version: string; changes: ChangelogChange[] }[] = [
  {
    date: '2026-09-15',
    version: '2.1.0',
    changes: [
      change('feature', [
        'Painel lateral da conversa com dados do cliente, eventos e frases prontas, redimensionável',
        'Conversation side panel with customer data, events and ready phrases, resizable',
        'Panel lateral de la conversación con datos del cliente, eventos y frases listas, redimensionable',
      ]),
      change('feature', [
        'Responder citando, copiar, apagar para todos e notas privadas nas mensagens',
        'Reply with a quote, copy, delete for everyone and private notes on messages',
        'Responder citando, copiar, borrar para todos y notas privadas en los mensajes',
      ]),
      change('enhancement', [
        'Filtros combináveis na lista de contatos e visões salvas por usuário',
        'Combinable contact list filters and saved personal views',
        'Filtros combinables en la lista de contactos y vistas guardadas por usuario',
      ]),
    ],
  },
  {
    date: '2026-10-20',
    version: '2.2.0',
    changes: [
      change('feature', [
        'Central: equipes com supervisores, catálogos (motivos de pausa, ações, carteiras) e marca própria',
        'Center: teams with supervisors, catalogues (pause reasons, actions, segments) and white-label',
        'Central: equipos con supervisores, catálogos (motivos de pausa, acciones, carteras) y marca propia',
      ]),
      change('feature', [
        'Importação de usuários por CSV com pré-visualização e senhas temporárias',
        'User import from CSV with a preview and temporary passwords',
        'Importación de usuarios por CSV con vista previa y contraseñas temporales',
      ]),
      change('enhancement', [
        'Registro de auditoria pesquisável por tipo, autor e período',
        'Audit log searchable by kind, actor and period',
        'Registro de auditoría con búsqueda por tipo, autor y período',
      ]),
    ],
  },
  {
    date: '2026-11-20',
    version: '2.3.0',
    changes: [
      change('feature', [
        'Canais de WhatsApp, SMS, Viber e redes sociais, com status de entrega',
        'WhatsApp, SMS, Viber and social network channels, with delivery statuses',
        'Canales de WhatsApp, SMS, Viber y redes sociales, con estados de entrega',
      ]),
      change('feature', [
        'Modelos do WhatsApp sincronizados e janela de 24 horas explicada no editor',
        'Synced WhatsApp templates and the 24-hour window explained in the composer',
        'Plantillas de WhatsApp sincronizadas y la ventana de 24 horas explicada en el editor',
      ]),
      change('feature', [
        'Lista de desejos com votação e novidades de cada versão',
        'Wishlist with voting and what’s new in each version',
        'Lista de deseos con votación y novedades de cada versión',
      ]),
      change('bugfix', [
        'A lista de conversas volta a sincronizar depois de uma reconexão',
        'The conversation list syncs again after a reconnection',
        'La lista de conversaciones vuelve a sincronizarse tras una reconexión',
      ]),
    ],
  },
];

/** The product's versions, unless the product already has some (another company's seed wrote them). */
export async function seedProductChangelog(tx: Db): Promise<void> {
  const [any] = await tx
    .select({ id: changelogVersions.id })
    .from(changelogVersions)
    .where(isNull(changelogVersions.companyId))
    .limit(1);
  if (any) return;
  await tx.insert(changelogVersions).values(PRODUCT_VERSIONS);
}

const DEMO_SUGGESTIONS: {
  title: string;
  body: string;
  sender: string;
  anonymous?: boolean;
  status: SuggestionStatus;
  answer?: string;
  votes: Record<string, SuggestionVote>;
}[] = [
  {
    title: 'Atalho para encerrar a conversa',
    body: 'Um atalho de teclado para finalizar o atendimento sem tirar a mão do teclado.',
    sender: 'attendant',
    status: 'in_vote',
    votes: { attendant2: 'yes', supervisor: 'yes' },
  },
  {
    title: 'Resumo do dia ao sair',
    body: 'Ao fazer logout, mostrar quantos atendimentos fiz e o tempo médio de resposta.',
    sender: 'attendant2',
    anonymous: true,
    status: 'in_vote',
    votes: { attendant: 'yes', admin: 'no' },
  },
  {
    title: 'Respostas sugeridas pela IA',
    body: 'Sugerir uma resposta com base no histórico do cliente.',
    sender: 'supervisor',
    status: 'approved',
    answer: 'Aprovada: entra no planejamento do próximo trimestre.',
    votes: { attendant: 'yes', attendant2: 'yes' },
  },
  {
    title: 'Trocar a cor do sistema por atendente',
    body: 'Cada atendente escolher a cor principal da tela.',
    sender: 'attendant',
    status: 'disapproved',
    answer: 'A cor segue a marca da empresa; o tema escuro já está disponível no menu do usuário.',
    votes: { supervisor: 'no' },
  },
  {
    title: 'Visões salvas da lista de contatos',
    body: 'Guardar combinações de filtros para usar depois.',
    sender: 'supervisor',
    status: 'implemented',
    answer: 'Disponível desde a versão 2.1.0.',
    votes: { attendant: 'yes', attendant2: 'yes', admin: 'yes' },
  },
];

/** The demo company's wishlist, its senders and voters named by username. */
export async function seedDemoSuggestions(
  tx: Db,
  companyId: string,
  userIds: Record<string, string>,
): Promise<void> {
  for (const item of DEMO_SUGGESTIONS) {
    const [row] = await tx
      .insert(suggestions)
      .values({
        companyId,
        senderId: userIds[item.sender],
        title: item.title,
        body: item.body,
        anonymous: item.anonymous ?? false,
        status: item.status,
        answer: item.answer,
        answeredById: item.answer ? userIds.admin : undefined,
        answeredAt: item.answer ? new Date() : undefined,
      })
      .returning({ id: suggestions.id });
    const votes = Object.entries(item.votes).map(([username, vote]) => ({
      suggestionId: row!.id,
      userId: userIds[username]!,
      companyId,
      vote,
    }));
    if (votes.length > 0) await tx.insert(suggestionVotes).values(votes);
  }
}
