// The demo's pipelines (issue 24): Vendas and Suporte, each with its lists, labels and cards about demo
// customers, some labelled, rated and commented, so the board and the conversation's panel show something
// from the first login. Deterministic, like the rest of the demo.
import { asc, eq } from 'drizzle-orm';
import {
  contacts,
  pipelineCardLabels,
  pipelineCards,
  pipelineComments,
  pipelineLabels,
  pipelines,
  pipelineSteps,
} from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { random } from './vocabulary.ts';

const DEMO_PIPELINES = [
  {
    name: 'Vendas',
    steps: ['Prospecção', 'Qualificação', 'Proposta enviada', 'Negociação', 'Venda fechada'],
    labels: [
      ['Quente', '#e03131'],
      ['Morno', '#f08c00'],
      ['Frio', '#1c7ed6'],
      ['Recompra', '#2f9e44'],
    ],
    cards: ['Plano anual', 'Upgrade de plano', 'Pedido corporativo', 'Renovação de contrato', 'Kit inicial'],
    share: 120,
  },
  {
    name: 'Suporte',
    steps: ['Novo', 'Em análise', 'Aguardando cliente', 'Resolvido'],
    labels: [
      ['Urgente', '#c2255c'],
      ['Bug', '#7048e8'],
      ['Dúvida', '#0c8599'],
    ],
    cards: ['Falha no acesso', 'Troca de produto', 'Nota fiscal', 'Entrega atrasada', 'Configuração do app'],
    share: 80,
  },
] as const;

const COMMENTS = [
  'Cliente pediu retorno amanhã de manhã.',
  'Enviei a proposta por e-mail.',
  'Aguardando aprovação do financeiro.',
  'Conversei por telefone, está interessado.',
];

export async function seedDemoPipelines(
  tx: Db,
  companyId: string,
  people: { attendantIds: string[]; authorId: string },
): Promise<void> {
  const next = random(24);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const customers = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(eq(contacts.companyId, companyId))
    .orderBy(asc(contacts.createdAt), asc(contacts.id))
    .limit(200);
  if (customers.length === 0) return;
  let offset = 0;
  for (const config of DEMO_PIPELINES) {
    const [pipeline] = await tx
      .insert(pipelines)
      .values({ companyId, name: config.name })
      .returning({ id: pipelines.id });
    const pipelineId = pipeline!.id;
    const steps = await tx
      .insert(pipelineSteps)
      .values(
        config.steps.map((name, position) => ({
          companyId,
          pipelineId,
          name,
          position,
          final: position === config.steps.length - 1,
        })),
      )
      .returning({ id: pipelineSteps.id });
    const labels = await tx
      .insert(pipelineLabels)
      .values(config.labels.map(([name, colour]) => ({ companyId, pipelineId, name, colour })))
      .returning({ id: pipelineLabels.id });
    const perStep = new Map<string, number>();
    const cards = Array.from({ length: config.share }, (_, index) => {
      const stepId = pick(steps).id;
      const position = (perStep.get(stepId) ?? 0) + 1024;
      perStep.set(stepId, position);
      const customer = customers[(offset + index) % customers.length]!;
      return {
        companyId,
        pipelineId,
        stepId,
        position,
        contactId: customer.id,
        name: `${pick(config.cards)} #${index + 1}`,
        description: '',
        rating: Math.floor(next() * 6),
        responsibleId: pick(people.attendantIds),
        authorId: people.authorId,
      };
    });
    offset += config.share;
    const inserted = await tx.insert(pipelineCards).values(cards).returning({ id: pipelineCards.id });
    const labelled = inserted.filter(() => next() < 0.5);
    if (labelled.length) {
      await tx
        .insert(pipelineCardLabels)
        .values(labelled.map((card) => ({ companyId, cardId: card.id, labelId: pick(labels).id })));
    }
    const commented = inserted.filter(() => next() < 0.2);
    for (const card of commented) {
      await tx
        .insert(pipelineComments)
        .values({ companyId, cardId: card.id, authorId: pick(people.attendantIds), text: pick(COMMENTS) });
      await tx.update(pipelineCards).set({ commentsCount: 1 }).where(eq(pipelineCards.id, card.id));
    }
  }
}
