// An account's message templates as Meta lists them (`GET /<business account id>/message_templates`, followed
// page by page): name, language, category, status, and the body text whose {{n}} variables a send fills.
import { WHATSAPP_TEMPLATES_MAX } from '@atende/contract';
import { z } from 'zod';
import type { ChannelAccountRecord } from '../adapter.ts';
import { callProvider, jsonOf, settingOf } from '../http.ts';
import { bearer, graphRoot } from './settings.ts';
import { GraphError, reasonOf } from './status.ts';

const Template = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string(),
  components: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })).default([]),
});
const Page = z.object({
  data: z.array(Template),
  paging: z.object({ next: z.string().optional() }).optional(),
});

export type ListedTemplate = z.infer<typeof Template> & { body: string };

export async function listWhatsappTemplates(account: ChannelAccountRecord): Promise<ListedTemplate[]> {
  const fields = 'id,name,language,status,category,components';
  const root = graphRoot(account);
  let url: string | undefined =
    `${root}/${settingOf(account, 'business_account_id')}/message_templates?fields=${fields}&limit=100`;
  const listed: ListedTemplate[] = [];
  while (url && listed.length < WHATSAPP_TEMPLATES_MAX) {
    const response = await callProvider(url, { headers: bearer(account) });
    if (!response.ok) {
      const error = GraphError.safeParse(((await jsonOf(response)) as { error?: unknown } | null)?.error);
      throw new Error(
        error.success ? (error.data.message ?? reasonOf(error.data)) : `HTTP ${response.status}`,
      );
    }
    const parsed = Page.safeParse(await jsonOf(response));
    if (!parsed.success) throw new Error('WhatsApp answered an unreadable template list');
    for (const template of parsed.data.data) {
      const body = template.components.find((each) => each.type.toUpperCase() === 'BODY')?.text ?? '';
      listed.push({ ...template, body });
    }
    // The next page only from Meta's own host: the token goes with it.
    const next = parsed.data.paging?.next;
    url = next && new URL(next).origin === new URL(root).origin ? next : undefined;
  }
  return listed.slice(0, WHATSAPP_TEMPLATES_MAX);
}
