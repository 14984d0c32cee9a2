// Conversation export for a supervisor to hand to a customer or a court: a self-contained HTML transcript
// (printable to PDF from any browser) or CSV, of the messages between two calendar days in the user's zone.
// Every export is written to the audit log (who exported which contact, in which format, which period).
import {
  LANGUAGE_TAGS,
  type ChannelKind,
  type ExportQuery,
  type Language,
  type Message,
} from '@atende/contract';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { companies, contactChannels, contacts, messages, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { translate } from '../../platform/i18n/i18n.ts';
import { startOfDay } from '../../platform/timezone.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { conversationMessages, presentMessages } from './presenter.ts';
import { recordAuditEvent } from '../audit/service.ts';
import { assertVisibleContact } from './timeline.ts';

export type ExportFile = { filename: string; contentType: string; body: string };

const CHANNEL_NAMES: Record<Exclude<ChannelKind, 'voice'>, string> = {
  email: 'E-mail',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  chat: 'Chat',
  messenger: 'Messenger',
  telegram: 'Telegram',
  instagram_direct: 'Instagram Direct',
  api: 'API',
  viber: 'Viber',
};

export async function exportConversation(
  ctx: TenantContext,
  urls: UrlSigner,
  contactId: string,
  query: ExportQuery,
  language: Language,
  clientIp: string | null,
): Promise<ExportFile> {
  await assertVisibleContact(ctx, contactId);
  const [context] = await ctx.db
    .select({
      contactName: contacts.name,
      companyName: companies.name,
      userName: users.name,
      timezone: users.timezone,
    })
    .from(contacts)
    .innerJoin(companies, eq(companies.id, contacts.companyId))
    .innerJoin(users, and(eq(users.id, ctx.userId), eq(users.companyId, ctx.companyId)))
    .where(and(eq(contacts.id, contactId), eq(contacts.companyId, ctx.companyId)));
  const { contactName, companyName, userName, timezone } = context!;
  const [rows, channels] = await Promise.all([
    conversationMessages(
      ctx,
      contactId,
      gte(messages.createdAt, startOfDay(query.start_date, timezone)),
      lt(messages.createdAt, startOfDay(query.end_date, timezone, 1)),
      // A transcript for the customer: colleagues' notes are not part of it.
      eq(messages.internal, false),
    ).orderBy(asc(messages.createdAt), asc(messages.id)),
    ctx.db
      .select({ kind: contactChannels.kind, address: contactChannels.address })
      .from(contactChannels)
      .where(and(eq(contactChannels.contactId, contactId), eq(contactChannels.companyId, ctx.companyId))),
  ]);

  const t = (key: Parameters<typeof translate<'export'>>[2], params = {}) =>
    translate(language, 'export', key, params);
  const when = new Intl.DateTimeFormat(languageTag(language), {
    timeZone: timezone,
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  const channelName = (kind: ChannelKind) => (kind === 'voice' ? t('voice') : CHANNEL_NAMES[kind]);
  const presented = await presentMessages(ctx.db, urls, ctx.companyId, rows);
  const lines = presented.map((message: Message) => ({
    date: when.format(new Date(message.created_at)),
    from: message.direction === 'in' ? `${t('customerSender')}: ${contactName}` : (message.sender.name ?? ''),
    channel: channelName(message.channel.type),
    text: [message.text, ...message.attachments.map((file) => `📎 ${file.filename}`)]
      .filter(Boolean)
      .join('\n'),
    status: t(`status_${message.status}`),
  }));
  const base = `${slug(contactName)}-${query.start_date}-${query.end_date}`;
  // The file leaves only once its export is on record.
  const audited = async (file: ExportFile): Promise<ExportFile> => {
    await recordAuditEvent(ctx.db, {
      companyId: ctx.companyId,
      kind: 'conversation_exported',
      actorUserId: ctx.userId,
      subject: contactName,
      clientIp,
      details: {
        contact_id: contactId,
        format: query.format,
        start_date: query.start_date,
        end_date: query.end_date,
        messages: lines.length,
      },
    });
    return file;
  };

  if (query.format === 'csv') {
    const header = [t('date'), t('from'), t('channel'), t('message'), t('status')];
    const body = [header, ...lines.map((l) => [l.date, l.from, l.channel, l.text, l.status])]
      .map((cells) => cells.map(csvCell).join(','))
      .join('\r\n');
    // The BOM makes spreadsheet programs read the file as UTF-8.
    return audited({
      filename: `${base}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: `\uFEFF${body}\r\n`,
    });
  }

  const period = `${formatDay(query.start_date, language)} – ${formatDay(query.end_date, language)}`;
  const generated = t('generated', { at: when.format(new Date()), user: userName });
  const html = `<!doctype html>
<html lang="${languageTag(language)}"><head><meta charset="utf-8">
<title>${escapeHtml(`${t('title')} — ${contactName}`)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;color:#1d2433;margin:32px}h1{font-size:20px;margin:0 0 4px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:12px 0 20px}dt{color:#5b6475}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #dde1e8;padding:6px 8px;text-align:left;vertical-align:top}
th{background:#f3f5f9}td.text{white-space:pre-wrap}tr.out td{background:#f7fbff}footer{margin-top:20px;color:#5b6475;font-size:12px}
</style></head><body>
<h1>${escapeHtml(t('title'))}</h1><div>${escapeHtml(companyName)}</div>
<dl><dt>${escapeHtml(t('customer'))}</dt><dd>${escapeHtml(contactName)}</dd>
<dt>${escapeHtml(t('channels'))}</dt><dd>${escapeHtml(channels.map((c) => `${channelName(c.kind)} ${c.address}`).join(', '))}</dd>
<dt>${escapeHtml(t('period'))}</dt><dd>${escapeHtml(period)} (${escapeHtml(timezone)})</dd></dl>
${
  lines.length === 0
    ? `<p>${escapeHtml(t('empty'))}</p>`
    : `<table><thead><tr>${[t('date'), t('from'), t('channel'), t('message'), t('status')].map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>
${lines
  .map(
    (l, i) =>
      `<tr class="${rows[i]!.direction}"><td>${escapeHtml(l.date)}</td><td>${escapeHtml(l.from)}</td><td>${escapeHtml(l.channel)}</td><td class="text">${escapeHtml(l.text)}</td><td>${escapeHtml(l.status)}</td></tr>`,
  )
  .join('\n')}
</tbody></table>`
}
<footer>${escapeHtml(t('count', { count: lines.length }))} · ${escapeHtml(generated)}</footer>
</body></html>
`;
  return audited({ filename: `${base}.html`, contentType: 'text/html; charset=utf-8', body: html });
}

const languageTag = (language: Language) => LANGUAGE_TAGS[language];

const formatDay = (date: string, language: Language) =>
  new Intl.DateTimeFormat(languageTag(language), { timeZone: 'UTC', dateStyle: 'short' }).format(
    new Date(`${date}T00:00:00Z`),
  );

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** RFC 4180 quoting; a leading =, +, - or @ is neutralised so a spreadsheet never runs it as a formula. */
export const csvCell = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
};

const slug = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase() || 'conversa';
