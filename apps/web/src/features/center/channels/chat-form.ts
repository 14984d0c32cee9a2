// The web chat widget account form: its fields (named by the paths the server's validation errors carry),
// their values from a presented account, the checks and the input sent.
import { DEFAULT_COLOR_LIGHT, type CenterChannelAccount, type ChannelAccountInput } from '@atende/contract';
import { checkColor, checkText, found, type Problems } from './field-rules.ts';

export type ChatForm = {
  name: string;
  enabled: boolean;
  'chat.title': string;
  'chat.color': string;
  'chat.greeting': string;
  'chat.pre_chat.enabled': boolean;
  'chat.pre_chat.require_phone': boolean;
  'chat.identity_verification': boolean;
};
export type ChatField = keyof ChatForm;

/** A new widget starts in the product's colour, with the pre-chat form on. */
export function chatFormOf(account: CenterChannelAccount | null): ChatForm {
  const settings = account?.chat;
  return {
    name: account?.name ?? '',
    enabled: account?.enabled ?? true,
    'chat.title': settings?.title ?? '',
    'chat.color': settings?.color ?? DEFAULT_COLOR_LIGHT,
    'chat.greeting': settings?.greeting ?? '',
    'chat.pre_chat.enabled': settings?.pre_chat.enabled ?? true,
    'chat.pre_chat.require_phone': settings?.pre_chat.require_phone ?? false,
    'chat.identity_verification': settings?.identity_verification ?? false,
  };
}

export const checkChatForm = (form: ChatForm): Problems<ChatField> =>
  found<ChatField>({
    name: checkText(form.name, 120),
    enabled: undefined,
    'chat.title': checkText(form['chat.title'], 60),
    'chat.color': checkColor(form['chat.color']),
    'chat.greeting': checkText(form['chat.greeting'], 300, false),
    'chat.pre_chat.enabled': undefined,
    'chat.pre_chat.require_phone': undefined,
    'chat.identity_verification': undefined,
  });

export function chatInputOf(form: ChatForm): ChannelAccountInput {
  const greeting = form['chat.greeting'].trim();
  return {
    kind: 'chat',
    name: form.name.trim(),
    enabled: form.enabled,
    chat: {
      title: form['chat.title'].trim(),
      color: form['chat.color'],
      greeting: greeting === '' ? null : greeting,
      pre_chat: {
        enabled: form['chat.pre_chat.enabled'],
        // A phone can only be required of a form that is shown.
        require_phone: form['chat.pre_chat.enabled'] && form['chat.pre_chat.require_phone'],
      },
      identity_verification: form['chat.identity_verification'],
    },
  };
}
