// The demo company: users of every role (password demo1234), the catalogues the console loads at start and a
// working queue of customers (demo-contacts.ts). Other companies can be made the same way, with any number of
// contacts, for load checks (`seedContacts`, the control socket's `seed-contacts`).
import { randomBytes } from 'node:crypto';
import type { ChannelKind, ChatSettings, Role } from '@atende/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  callReasons,
  jokers,
  channelAccounts,
  companyPhrases,
  contacts,
  eventActions,
  pauseReasons,
  phrases,
  users,
  wallets,
} from '../../db/schema/index.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import { phoneSettingsOf } from '../voice/settings.ts';
import { seedSipAccounts } from '../voice/sip-accounts.ts';
import type { Db } from '../../platform/db/database.ts';
import { createCompany, findCompanyBySlug } from '../companies/service.ts';
import { createUser } from '../users/service.ts';
import { seedDemoCampaign } from './demo-campaigns.ts';
import { DEMO_CONTACTS, seedDemoContacts, type DemoPeople } from './demo-contacts.ts';
import { seedDemoSuggestions, seedProductChangelog } from './wishlist-changelog.ts';
import { seedDemoPipelines } from './demo-pipelines.ts';

export const DEMO_COMPANY = 'demo';
export const DEMO_PASSWORD = 'demo1234';

const DEMO_USERS: { username: string; name: string; role: Role }[] = [
  { username: 'admin', name: 'Marina Costa', role: 'admin' },
  { username: 'supervisor', name: 'Ricardo Alves', role: 'supervisor' },
  { username: 'attendant', name: 'Juliana Souza', role: 'attendant' },
  { username: 'attendant2', name: 'Pedro Oliveira', role: 'attendant' },
  { username: 'root', name: 'Suporte Atende', role: 'super_admin' },
];

/**
 * The demo's accounts deliver through the loopback adapter (registry.ts) and say so in the Center: a laptop
 * reaches no WhatsApp or Telegram. `npm run simulate` points the e-mail account at local SMTP/IMAP servers.
 */
const SIMULATED = { simulated: true };

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

/** The site chat is real (this server is its provider): the demo company's widget key is `demo`. */
const demoWidget = (slug: string) => ({
  publicKey: slug === DEMO_COMPANY ? 'demo' : `demo-${slug}`,
  settings: {
    title: 'Fale com a Demo',
    color: '#29a4ff',
    greeting: 'Olá! Como podemos ajudar?',
    pre_chat: { enabled: true, require_phone: false },
    identity_verification: false,
  } satisfies ChatSettings,
});

const named = (companyId: string, names: string[]) =>
  names.map((name, position) => ({ companyId, name, position }));

/** The demo's pause reasons and the longest each may last, in minutes (null: no limit). */
const DEMO_PAUSE_MINUTES: Record<string, number | null> = {
  Almoço: 60,
  Café: 15,
  Banheiro: 10,
  Reunião: null,
  Treinamento: null,
  'Feedback com supervisor': 30,
};

export type DemoCompanyOptions = {
  slug?: string;
  name?: string;
  contacts?: number;
  /** Seals the widget's identity secret; without it the secret is made at the account's first edit. */
  credentials?: CredentialsBox;
};

/** Creates the demo company (or another one like it) unless it exists; answers whether it created it. */
export async function seedDemo(
  db: Db,
  { slug = DEMO_COMPANY, name = 'Demo', contacts = DEMO_CONTACTS, credentials }: DemoCompanyOptions = {},
): Promise<boolean> {
  if (await findCompanyBySlug(db, slug)) return false;
  return db.transaction(async (tx) => {
    // Several processes starting on one empty database: the lock lets one seed and the others see it done.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('atende:seed-demo'))`);
    if (await findCompanyBySlug(tx, slug)) return false;
    const company = await createCompany(tx, { name, slug });
    const created: Record<string, string> = {};
    for (const user of DEMO_USERS) {
      created[user.username] = (await createUser(tx, company.id, { ...user, password: DEMO_PASSWORD })).id;
    }
    const accounts = await tx
      .insert(channelAccounts)
      .values(
        DEMO_CHANNELS.map((channel) =>
          channel.kind === 'chat'
            ? {
                companyId: company.id,
                ...channel,
                ...demoWidget(slug),
                credentials: credentials?.seal({ identity_secret: randomBytes(32).toString('hex') }),
              }
            : { companyId: company.id, ...channel, settings: SIMULATED },
        ),
      )
      .returning({ id: channelAccounts.id, kind: channelAccounts.kind });
    await tx.insert(pauseReasons).values(
      named(company.id, Object.keys(DEMO_PAUSE_MINUTES)).map((reason) => ({
        ...reason,
        maxMinutes: DEMO_PAUSE_MINUTES[reason.name] ?? null,
      })),
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
      .insert(jokers)
      .values(
        named(company.id, [
          'Cliente preferencial',
          'Reclamação recorrente',
          'Potencial de upgrade',
          'Não ligar à noite',
        ]),
      );
    await tx.insert(companyPhrases).values(
      [
        ['Saudação', 'Olá! Obrigado por entrar em contato. Como posso ajudar?'],
        ['Aguarde', 'Um momento, por favor, estou verificando as informações.'],
        ['Pedir CPF', 'Poderia me informar o seu CPF para localizar o cadastro?'],
        ['Registrar solicitação', 'Vou registrar a sua solicitação e retorno em seguida.'],
        ['Despedida', 'Agradecemos o contato! Tenha um ótimo dia.'],
        ['Algo mais', 'Posso ajudar em algo mais?'],
      ].map(([name, text], position) => ({ companyId: company.id, name: name!, text: text!, position })),
    );
    // And an attendant's own, beside the company's.
    await tx.insert(phrases).values({
      companyId: company.id,
      authorId: created.attendant!,
      text: 'Vou verificar com o setor responsável e já volto com a resposta, {{first_name}}.',
    });
    await seedDemoSuggestions(tx, company.id, created);
    await seedProductChangelog(tx);
    // Voice: the embedded PBX's settings and an extension for every demo user (sealed, so only with the key).
    if (credentials) {
      await phoneSettingsOf(tx, credentials, company.id);
      await seedSipAccounts(tx, credentials, company.id, Object.values(created));
    }
    await seedDemoContacts(
      tx,
      {
        companyId: company.id,
        attendantIds: [created.attendant!, created.attendant2!],
        walletIds: segments.map((segment) => segment.id),
        channelAccountIds: Object.fromEntries(accounts.map((account) => [account.kind, account.id])),
      },
      { count: contacts, history: true },
    );
    await seedDemoCampaign(tx, {
      companyId: company.id,
      voiceAccountId: accounts.find((account) => account.kind === 'voice')!.id,
      supervisorId: created.supervisor!,
      attendantIds: [created.attendant!, created.attendant2!],
    });
    await seedDemoPipelines(tx, company.id, {
      attendantIds: [created.attendant!, created.attendant2!],
      authorId: created.supervisor!,
    });
    return true;
  });
}

export type SeededContacts = { company: string; createdCompany: boolean; added: number; total: number };

/**
 * Adds `count` synthetic contacts to a company; a company that does not exist yet is created like the demo
 * one (same users, password and catalogues) with those contacts. Used to check the console with 10 000.
 */
export async function seedContacts(db: Db, slug: string, amount: number): Promise<SeededContacts> {
  if (await seedDemo(db, { slug, name: slug, contacts: amount })) {
    return { company: slug, createdCompany: true, added: amount, total: amount };
  }
  const company = await findCompanyBySlug(db, slug);
  if (!company) throw new Error(`no company named ${slug}`);
  const people = await demoPeople(db, company.id);
  const total = await db.transaction(async (tx) => {
    await seedDemoContacts(tx, people, { count: amount, seed: Date.now() >>> 0, assignWallets: false });
    const [row] = await tx.select({ n: count() }).from(contacts).where(eq(contacts.companyId, company.id));
    return row?.n ?? amount;
  });
  return { company: slug, createdCompany: false, added: amount, total };
}

/** The attendants, segments and channel accounts of an existing company, for more synthetic contacts. */
async function demoPeople(db: Db, companyId: string): Promise<DemoPeople> {
  const [attendants, segments, accounts] = await Promise.all([
    db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(eq(users.companyId, companyId), inArray(users.username, ['attendant', 'attendant2']))),
    db.select({ id: wallets.id }).from(wallets).where(eq(wallets.companyId, companyId)),
    db
      .select({ id: channelAccounts.id, kind: channelAccounts.kind })
      .from(channelAccounts)
      .where(eq(channelAccounts.companyId, companyId)),
  ]);
  return {
    companyId,
    attendantIds: attendants.sort((a, b) => a.username.localeCompare(b.username)).map((user) => user.id),
    walletIds: segments.map((segment) => segment.id),
    channelAccountIds: Object.fromEntries(accounts.map((account) => [account.kind, account.id])),
  };
}
