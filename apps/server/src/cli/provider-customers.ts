// `npm run simulate -- --channels all`: customers on every provider kind at once, through each provider's real
// protocol. For each kind its simulator (packages/simulators) listens on a loopback port; the company's account
// of that kind is pointed at it through the control socket (`connect-channel`, which also registers our webhook
// where the provider has registration), the simulator is told our webhook address, and customers' messages
// reach the server signed as the provider signs them. Attendants' replies are printed as they reach each
// simulator, and answered with the provider's delivered and read callbacks a moment later.
import type { CenterChannelAccount, ProviderKind } from '@atende/contract';
import type { CustomerMessage, ProviderSimulator } from '@atende/simulators/provider';
import type { ApiSimulator } from '@atende/simulators/providers/api';
import type { openControlClient } from '../platform/control-socket.ts';

type ControlClient = Awaited<ReturnType<typeof openControlClient>>;

/** The names `--channels` takes, and the kind each stands for. */
export const CHANNEL_NAMES: Record<string, ProviderKind> = {
  whatsapp: 'whatsapp',
  messenger: 'messenger',
  instagram: 'instagram_direct',
  telegram: 'telegram',
  viber: 'viber',
  sms: 'sms',
  api: 'api',
};

/** `all` or a comma list of CHANNEL_NAMES; throws on an unknown name. */
export function parseChannelKinds(list: string): ProviderKind[] {
  const names = list
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.includes('all')) return [...new Set(Object.values(CHANNEL_NAMES))];
  const unknown = names.filter((name) => !Object.hasOwn(CHANNEL_NAMES, name));
  if (unknown.length > 0 || names.length === 0) {
    throw new Error(
      `unknown channel kind ${unknown.join(', ') || '(none given)'}: use all or a comma list of ${Object.keys(CHANNEL_NAMES).join(', ')}`,
    );
  }
  return [...new Set(names.map((name) => CHANNEL_NAMES[name]!))];
}

/** The simulator's folder under packages/simulators/src/providers. */
const FOLDER: Record<ProviderKind, string> = {
  whatsapp: 'whatsapp',
  messenger: 'messenger',
  instagram_direct: 'instagram',
  telegram: 'telegram',
  viber: 'viber',
  sms: 'sms',
  api: 'api',
};

const ACCOUNT_NAME: Record<ProviderKind, string> = {
  whatsapp: 'WhatsApp Atendimento',
  messenger: 'Messenger',
  instagram_direct: 'Instagram',
  telegram: 'Telegram',
  viber: 'Viber',
  sms: 'SMS',
  api: 'API',
};

/** The customer's address as the provider writes it, from a Brazilian phone number's digits. */
function customerAddress(kind: ProviderKind, phone: string): string {
  switch (kind) {
    case 'sms':
      return `+${phone}`;
    case 'viber':
      return `${Buffer.from(phone).toString('base64')}`;
    case 'api':
      return `cliente-${phone}`;
    default:
      // WhatsApp's phone digits; Telegram chat ids and Meta's scoped ids are numbers too.
      return phone;
  }
}

// A 1×1 PNG and a minimal PDF: what customers attach now and then.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const ATTACHMENTS: { caption: string; media: NonNullable<CustomerMessage['media']> }[] = [
  {
    caption: 'Segue a foto do produto que chegou com defeito.',
    media: { kind: 'image', filename: 'produto.png', contentType: 'image/png', data: PNG },
  },
  {
    caption: 'Mandei o comprovante de pagamento em PDF.',
    media: { kind: 'document', filename: 'comprovante.pdf', contentType: 'application/pdf', data: PDF },
  },
];

type StartSimulator = (options?: object) => Promise<ProviderSimulator>;

/** The kind's simulator's start function (`startXSimulator`), or null while its module does not exist. */
async function loadSimulator(kind: ProviderKind): Promise<StartSimulator | null> {
  let module: Record<string, unknown>;
  try {
    module = (await import(`@atende/simulators/providers/${FOLDER[kind]}`)) as Record<string, unknown>;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') return null;
    throw error;
  }
  const start = Object.entries(module).find(
    ([name, value]) => /^start\w*Simulator$/.test(name) && typeof value === 'function',
  );
  return start ? (start[1] as StartSimulator) : null;
}

export type ProviderCustomers = {
  /** The kinds whose simulator runs. */
  kinds: ProviderKind[];
  write(
    kind: ProviderKind,
    person: { name: string; phone: string },
    text: string,
    withMedia: boolean,
  ): Promise<{ status: number; text: string }>;
  stop(): Promise<void>;
};

export async function startProviderCustomers(
  client: ControlClient,
  company: string,
  kinds: ProviderKind[],
  log: (line: string) => void = console.log,
): Promise<ProviderCustomers> {
  const simulators = new Map<ProviderKind, ProviderSimulator>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => Promise<unknown>) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run().catch((error: unknown) => log(`status callback failed: ${String(error)}`));
    }, ms);
    timers.add(timer);
  };

  try {
    for (const kind of kinds) {
      const start = await loadSimulator(kind);
      if (!start) {
        log(`${kind}: no simulator in packages/simulators/src/providers/${FOLDER[kind]} yet, skipped`);
        continue;
      }
      const sim = await start();
      simulators.set(kind, sim);
      // The generic API has no API root: the integrator's webhook address is its setting.
      const settings =
        kind === 'api' ? sim.account.settings : { ...sim.account.settings, api_base_url: sim.apiBaseUrl };
      const account = (await client.send('connect-channel', {
        company,
        account: {
          kind,
          name: ACCOUNT_NAME[kind],
          address: sim.account.address,
          settings,
          secrets: sim.account.secrets,
        },
      })) as CenterChannelAccount;
      const webhook = account.provider?.webhook_url ?? '';
      // Telegram and Viber already hold it (connect-channel registered it, with Telegram's secret token).
      sim.setWebhookUrl(webhook);
      if (kind === 'api') {
        // The integrator signs with the keys this server made for the account.
        const generated = account.provider?.generated ?? {};
        (sim as ApiSimulator).useSecrets({
          inbound_secret: generated.inbound_secret ?? '',
          outbound_secret: generated.outbound_secret ?? '',
        });
      }
      log(`${kind}: simulator ${sim.apiBaseUrl}, webhook ${webhook}`);
    }
  } catch (error) {
    await Promise.all([...simulators.values()].map((sim) => sim.close()));
    throw error;
  }

  // Replies reach the simulators as our server's calls: printed once each, then delivered and read.
  const seen = new Map<ProviderKind, number>();
  const watch = setInterval(() => {
    for (const [kind, sim] of simulators) {
      const sent = sim.sent();
      for (const message of sent.slice(seen.get(kind) ?? 0)) {
        log(`${kind} → ${message.to}: ${message.text ?? '[arquivo]'}`);
        later(1_500, () => sim.reportStatus(message.providerMessageId, 'delivered'));
        later(4_000, () => sim.reportStatus(message.providerMessageId, 'read'));
      }
      seen.set(kind, sent.length);
    }
  }, 500);

  let sequence = 0;
  return {
    kinds: [...simulators.keys()],
    async write(kind, person, text, withMedia) {
      const sim = simulators.get(kind);
      if (!sim) throw new Error(`no ${kind} simulator running`);
      const attachment = withMedia ? ATTACHMENTS[sequence++ % ATTACHMENTS.length]! : null;
      const written = attachment ? `${attachment.caption} [${attachment.media.filename}]` : text;
      const { status } = await sim.customerWrites({
        from: customerAddress(kind, person.phone),
        name: person.name,
        text: attachment?.caption ?? text,
        ...(attachment ? { media: attachment.media } : {}),
      });
      return { status, text: written };
    },
    async stop() {
      clearInterval(watch);
      for (const timer of timers) clearTimeout(timer);
      await Promise.all([...simulators.values()].map((sim) => sim.close()));
    },
  };
}
