// Outbound e-mail over SMTP (nodemailer): a stored Message-ID `<message id@domain>`, threaded under the
// e-mail the attendant quoted (else the customer's last one) with In-Reply-To and References (parent's References
// + parent's id).
import nodemailer from 'nodemailer';
import { DeliveryError, type ChannelAdapter, type OutboundMessage } from '../adapter.ts';
import { mailboxConfig, messageIdDomain, type MailboxConfig } from './settings.ts';

export const smtpTransport = (config: MailboxConfig) =>
  nodemailer.createTransport({
    host: config.smtp.host,
    port: config.smtp.port,
    secure: config.smtp.secure,
    auth: config.smtp.password ? { user: config.smtp.user, pass: config.smtp.password } : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });

const replySubject = (subject: string | null) =>
  !subject ? null : /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;

/** SMTP answers 5xx for what retrying cannot fix (unknown recipient, refused login); the rest may pass later. */
function deliveryError(error: unknown): DeliveryError {
  const failure = error as { message?: string; responseCode?: number; code?: string; response?: string };
  const reason = failure.response ?? failure.message ?? String(error);
  const permanent =
    (failure.responseCode !== undefined && failure.responseCode >= 500) ||
    failure.code === 'EAUTH' ||
    failure.code === 'EENVELOPE';
  return new DeliveryError(reason, permanent);
}

export const emailAdapter: ChannelAdapter = {
  async send(message: OutboundMessage) {
    const config = mailboxConfig(message.account!);
    const messageId = `<${message.messageId}@${messageIdDomain(config.address)}>`;
    const parent = message.replyTo;
    const references = parent ? [...parent.references, parent.providerMessageId] : [];
    const attachments = await Promise.all(
      message.attachments.map(async (file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: await file.read(),
      })),
    );
    const transport = smtpTransport(config);
    try {
      await transport.sendMail({
        from: { name: config.name, address: config.address },
        to: message.to,
        subject: message.subject ?? replySubject(parent?.subject ?? null) ?? config.name,
        text: message.text,
        messageId,
        inReplyTo: parent?.providerMessageId,
        references: references.length > 0 ? references : undefined,
        attachments,
      });
    } catch (error) {
      throw deliveryError(error);
    } finally {
      transport.close();
    }
    return { providerMessageId: messageId, references };
  },
  replyContext: true,
  // A sent e-mail is in the customer's mailbox for good.
  deleteForEveryone: null,
};
