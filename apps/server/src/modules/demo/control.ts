// Commands the local control socket accepts, each validated then handed to the demo service: `inbound` feeds
// a customer message through the real ingest path; `seed-contacts` bulk-loads synthetic contacts into a
// company (created like the demo one if missing); `connect-email` points a company's e-mail account at given
// mail servers; `connect-channel` points its account of a provider kind at given settings (a simulator's);
// `voice-carrier` answers the embedded PBX's carrier access and customers with a voice number, for callers.
import { ChannelAccountInput, ChannelKind, isProviderKind } from '@atende/contract';
import { z } from 'zod';
import type { ControlHandler } from '../../platform/control-socket.ts';
import type { DemoService } from './service.ts';

export const SimulatedInbound = z.object({
  company: z.string().min(1),
  kind: ChannelKind,
  address: z.string().min(1),
  name: z.string().optional(),
  text: z.string().min(1).max(4096),
  provider_message_id: z.string().min(1),
});
export type SimulatedInbound = z.infer<typeof SimulatedInbound>;

export const SeedContactsCommand = z.object({
  company: z.string().trim().min(1).max(100),
  count: z.number().int().min(1).max(100_000),
});

/** Points a company's e-mail account at mail servers (the simulator's local Dovecot and SMTP sink). */
export const ConnectEmailCommand = z.object({
  company: z.string().trim().min(1).max(100),
  account: ChannelAccountInput,
});

/** Points a company's account of a provider kind (WhatsApp, Telegram…) at given settings and secrets. */
export const ConnectChannelCommand = z.object({
  company: z.string().trim().min(1).max(100),
  account: ChannelAccountInput.refine((account) => isProviderKind(account.kind), {
    message: 'a provider kind',
  }),
});

/** What simulated phone customers need to call through a company's embedded PBX, and who they are. */
export const VoiceCarrierCommand = z.object({
  company: z.string().trim().min(1).max(100),
  customers: z.number().int().min(1).max(20),
});

export function demoCommands(demo: DemoService): ControlHandler {
  return async (command, payload) => {
    if (command === 'seed-contacts') return demo.seedContacts(SeedContactsCommand.parse(payload));
    if (command === 'connect-email') return demo.connectEmail(ConnectEmailCommand.parse(payload));
    if (command === 'connect-channel') return demo.connectChannel(ConnectChannelCommand.parse(payload));
    if (command === 'voice-carrier') return demo.voiceCarrier(VoiceCarrierCommand.parse(payload));
    if (command === 'inbound') return demo.inbound(SimulatedInbound.parse(payload));
    throw new Error(`unknown command ${command}`);
  };
}
