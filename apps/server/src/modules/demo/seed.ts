// The demo company: users of every role (password demo1234), the catalogues the console loads at start and a
// working queue of customers (demo-contacts.ts).
import type { ChannelKind, Role } from '@atende/contract';
import { sql } from 'drizzle-orm';
import {
  callReasons,
  channelAccounts,
  eventActions,
  pauseReasons,
  phrases,
  wallets,
} from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { createCompany, findCompanyBySlug } from '../companies/service.ts';
import { createUser } from '../users/service.ts';
import { seedDemoContacts } from './demo-contacts.ts';

export const DEMO_COMPANY = 'demo';
export const DEMO_PASSWORD = 'demo1234';

const DEMO_USERS: { username: string; name: string; role: Role }[] = [
  { username: 'admin', name: 'Marina Costa', role: 'admin' },
  { username: 'supervisor', name: 'Ricardo Alves', role: 'supervisor' },
  { username: 'attendant', name: 'Juliana Souza', role: 'attendant' },
  { username: 'attendant2', name: 'Pedro Oliveira', role: 'attendant' },
  { username: 'root', name: 'Suporte Atende', role: 'super_admin' },
];

const DEMO_CHANNELS: { kind: ChannelKind; name: string; address: string }[] = [
  { kind: 'whatsapp', name: 'WhatsApp Atendimento', address: '+55 11 4000-1234' },
  { kind: 'email', name: 'E-mail Atendimento', address: 'atendimento@demo.example' },
  { kind: 'chat', name: 'Chat do site', address: 'demo.example' },
  { kind: 'sms', name: 'SMS', address: '+55 11 4000-1235' },
  { kind: 'voice', name: 'Central telefônica', address: '+55 11 4000-1200' },
  { kind: 'telegram', name: 'Telegram', address: '@DemoAtendeBot' },
  { kind: 'messenger', name: 'Messenger', address: 'Demo Atende' },
  { kind: 'instagram_direct', name: 'Instagram', address: '@demo.atende' },
  { kind: 'viber', name: 'Viber', address: 'Demo Atende' },
];

const named = (companyId: string, names: string[]) =>
  names.map((name, position) => ({ companyId, name, position }));

/** Creates the demo company unless it exists; answers whether it created it. */
export async function seedDemo(db: Db): Promise<boolean> {
  if (await findCompanyBySlug(db, DEMO_COMPANY)) return false;
  return db.transaction(async (tx) => {
    // Several processes starting on one empty database: the lock lets one seed and the others see it done.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('atende:seed-demo'))`);
    if (await findCompanyBySlug(tx, DEMO_COMPANY)) return false;
    const company = await createCompany(tx, { name: 'Demo', slug: DEMO_COMPANY });
    const created: Record<string, string> = {};
    for (const user of DEMO_USERS) {
      created[user.username] = (await createUser(tx, company.id, { ...user, password: DEMO_PASSWORD })).id;
    }
    const accounts = await tx
      .insert(channelAccounts)
      .values(DEMO_CHANNELS.map((channel) => ({ companyId: company.id, ...channel })))
      .returning({ id: channelAccounts.id, kind: channelAccounts.kind });
    await tx
      .insert(pauseReasons)
      .values(
        named(company.id, [
          'Almoço',
          'Café',
          'Banheiro',
          'Reunião',
          'Treinamento',
          'Feedback com supervisor',
        ]),
      );
    await tx
      .insert(eventActions)
      .values(
        named(company.id, [
          'Venda realizada',
          'Promessa de pagamento',
          'Negociação em andamento',
          'Dúvida esclarecida',
          'Reclamação registrada',
          'Sem interesse',
          'Retornar contato',
        ]),
      );
    const segments = await tx
      .insert(wallets)
      .values(named(company.id, ['Varejo', 'Corporativo', 'Cobrança', 'Clientes VIP']))
      .returning({ id: wallets.id });
    await tx
      .insert(callReasons)
      .values(
        named(company.id, [
          'Dúvida',
          'Reclamação',
          'Venda',
          'Suporte técnico',
          'Cancelamento',
          'Ligação por engano',
        ]),
      );
    await tx
      .insert(phrases)
      .values(
        [
          'Olá! Obrigado por entrar em contato. Como posso ajudar?',
          'Um momento, por favor, estou verificando as informações.',
          'Poderia me informar o seu CPF para localizar o cadastro?',
          'Vou registrar a sua solicitação e retorno em seguida.',
          'Agradecemos o contato! Tenha um ótimo dia.',
          'Posso ajudar em algo mais?',
        ].map((text) => ({ companyId: company.id, text })),
      );
    await seedDemoContacts(tx, {
      companyId: company.id,
      attendantIds: [created.attendant!, created.attendant2!],
      walletIds: segments.map((segment) => segment.id),
      channelAccountIds: Object.fromEntries(accounts.map((account) => [account.kind, account.id])),
    });
    return true;
  });
}
