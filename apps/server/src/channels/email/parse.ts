// A raw e-mail (RFC 5322 source from IMAP) as an InboundMessage: sender, subject, text and HTML bodies,
// attachments, and the threading headers that find the conversation it answers.
import { simpleParser, type AddressObject } from 'mailparser';
import type { InboundMessage } from '../adapter.ts';

/** Message-IDs as one list, angle brackets kept: the form our own outgoing ids are stored in. */
const ids = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? value.split(/\s+/) : [])
    .map((id) => id.trim())
    .filter((id) => /^<[^<>\s]+>$/.test(id));

const firstAddress = (from: AddressObject | undefined) => from?.value.find((entry) => entry.address);

export type ParsedMail = Omit<InboundMessage, 'companyId' | 'kind' | 'channelAccountId'>;

/**
 * `fallbackId` names a message without a Message-ID (it happens), stably across re-reads, so it is stored once.
 * Returns null for mail without a sender address (bounces of bounces): nothing to answer.
 */
export async function parseMail(source: Buffer, fallbackId: string): Promise<ParsedMail | null> {
  const mail = await simpleParser(source, { skipImageLinks: true, skipTextLinks: true });
  const sender = firstAddress(mail.from);
  if (!sender?.address) return null;
  const inReplyTo = ids(mail.inReplyTo);
  const references = ids(mail.references);
  return {
    from: { address: sender.address, name: sender.name || null },
    subject: mail.subject?.trim() || null,
    text: (mail.text ?? '').trim(),
    html: typeof mail.html === 'string' && mail.html.trim() ? mail.html : null,
    providerMessageId: ids(mail.messageId)[0] ?? `<${fallbackId}>`,
    receivedAt: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : undefined,
    references,
    // In-Reply-To first, then References newest first (CHANNELS.md §6).
    threadHints: [...inReplyTo, ...[...references].reverse()],
    attachments: mail.attachments
      .filter((file) => file.contentDisposition !== 'inline' || !file.cid)
      .map((file) => ({
        filename: file.filename ?? 'anexo',
        contentType: file.contentType,
        data: file.content,
      })),
  };
}
