// The generic channel API (issue 22 item 3): what an integrator (another provider, a company's own bot) posts
// to an account's webhook address, and what this server posts to the integrator's `webhook_url`. Both ways are
// signed `sha256=hex(HMAC-SHA256(secret, "<timestamp>.<raw body>"))` with the timestamp in its own header, and
// refused outside a five-minute window (apps/server/src/channels/api/README.md).
import { z } from 'zod';
import { text } from './common.ts';
import { MESSAGE_TEXT_MAX } from './constants.ts';

export const CHANNEL_API_HEADERS = {
  timestamp: 'x-atende-timestamp',
  signature: 'x-atende-signature',
  idempotencyKey: 'idempotency-key',
} as const;
/** How far a signed request's timestamp may be from the receiver's clock, either way. */
export const CHANNEL_API_WINDOW_SECONDS = 300;
/** Files one inbound message may carry. */
export const CHANNEL_API_ATTACHMENTS_MAX = 10;

const idText = z.string().min(1).max(200);

export const ChannelApiContact = z
  .object({
    identifier: idText.describe('The customer’s stable id in the integrator’s system (their address here).'),
    name: text(200).optional().describe('Shown as the contact’s name when the contact is new.'),
  })
  .describe('The customer who wrote: found by identifier, created on first contact.');

export const ChannelApiInlineFile = z.object({
  filename: z.string().min(1).max(200),
  content_type: z.string().min(1).max(200),
  data_base64: z
    .string()
    .max(4 * 1024 * 1024)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/)
    .describe('The file’s bytes in base64.'),
});
export const ChannelApiLinkedFile = z.object({
  url: z
    .string()
    .max(2000)
    .regex(/^https?:\/\/\S+$/)
    .describe('Fetched once by the server, with the same size limits as inline files.'),
  filename: z.string().min(1).max(200).optional(),
});
export const ChannelApiInboundFile = z.union([ChannelApiInlineFile, ChannelApiLinkedFile]);

export const ChannelApiInboundMessage = z.object({
  type: z.literal('message'),
  id: idText.describe(
    'The integrator’s id of the message: a repeated delivery of the same id is stored once.',
  ),
  contact: ChannelApiContact,
  text: z.string().max(MESSAGE_TEXT_MAX).default(''),
  attachments: z.array(ChannelApiInboundFile).max(CHANNEL_API_ATTACHMENTS_MAX).optional(),
});
export type ChannelApiInboundMessage = z.infer<typeof ChannelApiInboundMessage>;

export const ChannelApiStatusCallback = z.object({
  type: z.literal('status'),
  message_id: idText.describe('The `message.id` this server sent in its `message_created` event.'),
  status: z.enum(['delivered', 'read', 'failed']),
  error: z.string().max(500).optional().describe('Why it failed, shown to attendants as written.'),
});
export type ChannelApiStatusCallback = z.infer<typeof ChannelApiStatusCallback>;

export const ChannelApiInbound = z
  .discriminatedUnion('type', [ChannelApiInboundMessage, ChannelApiStatusCallback])
  .meta({
    examples: [
      {
        type: 'message',
        id: 'msg-1001',
        contact: { identifier: 'customer-42', name: 'Maria Souza' },
        text: 'Olá, meu pedido 123 não chegou.',
        attachments: [{ filename: 'nota.txt', content_type: 'text/plain', data_base64: 'UGVkaWRvIDEyMw==' }],
      },
      { type: 'status', message_id: '0193a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d', status: 'read' },
    ],
  });
export type ChannelApiInbound = z.infer<typeof ChannelApiInbound>;

export const ChannelApiAccountParams = z.object({ accountId: z.uuid() });
export const ChannelApiSignedHeaders = z.object({
  [CHANNEL_API_HEADERS.timestamp]: z.string().describe('Unix time in seconds when the request was signed.'),
  [CHANNEL_API_HEADERS.signature]: z
    .string()
    .describe('`sha256=` + hex HMAC-SHA256(inbound_secret, "<timestamp>.<raw body>").'),
});

export const ChannelApiAck = z.object({
  ok: z.literal(true),
  /** For a message: true when its id was stored before (a retried delivery). */
  duplicate: z.boolean().optional(),
});
export type ChannelApiAck = z.infer<typeof ChannelApiAck>;
/** Why a call was refused (bad signature, stale timestamp, malformed body, unknown account). */
export const ChannelApiRefusal = z.object({ message: z.string(), code: z.string().optional() });

/** A file of an outbound message, inline. */
export type ChannelApiOutboundFile = { filename: string; content_type: string; data_base64: string };

/** What this server posts to the integrator's webhook_url. */
export type ChannelApiOutboundEvent =
  | { event: 'ping'; delivery_id: string }
  | {
      event: 'message_created';
      delivery_id: string;
      message: {
        /** This server's id of the message: status callbacks name it as `message_id`. */
        id: string;
        contact: { identifier: string };
        text: string;
        attachments: ChannelApiOutboundFile[];
        /** The integrator's id of the customer's message this one answers. */
        reply_to?: string;
      };
    };
