// The icon of a channel kind (spec §3 Channel types), drawn in the app's line-icon style, with its name as
// accessible label and tooltip.
import type { ChannelKind } from '@atende/contract';
import type { ReactNode } from 'react';
import { Icon } from './Icon.tsx';
import { useTranslation } from '../lib/i18n.ts';

const SHAPES: Readonly<Record<ChannelKind, ReactNode>> = {
  email: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 7l9 6 9-6" />
    </>
  ),
  sms: (
    <>
      <path d="M8 9h8M8 13h6" />
      <path d="M18 4a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3h-5l-5 3v-3H6a3 3 0 0 1-3-3V7a3 3 0 0 1 3-3h12z" />
    </>
  ),
  whatsapp: (
    <>
      <path d="M3 21l1.65-3.8a9 9 0 1 1 3.4 2.9L3 21" />
      <path d="M9 10a.5.5 0 0 0 1 0V9a.5.5 0 0 0-1 0v1a5 5 0 0 0 5 5h1a.5.5 0 0 0 0-1h-1a.5.5 0 0 0 0 1" />
    </>
  ),
  chat: (
    <>
      <path d="M21 14l-3-3h-7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v10" />
      <path d="M14 15v2a1 1 0 0 1-1 1H6l-3 3V11a1 1 0 0 1 1-1h2" />
    </>
  ),
  messenger: (
    <>
      <path d="M3 20l1.3-3.9A9 8 0 1 1 7.7 19L3 20" />
      <path d="M8 13l3-2 2 2 3-2" />
    </>
  ),
  telegram: <path d="M15 10l-4 4 6 6 4-16-18 7 4 2 2 6 3-4" />,
  voice: (
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
  ),
  instagram_direct: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="4" />
      <circle cx="12" cy="12" r="3" />
      <path d="M16.5 7.5v.01" />
    </>
  ),
  viber: (
    <>
      <path d="M5 18l-1 3 4-1.5c1.2.4 2.6.5 4 .5 6 0 8-2.5 8-8s-2-8-8-8-8 2.5-8 8c0 2.3.3 4.2 1 6z" />
      <path d="M9.5 8.5l1.5 0 .7 1.6-.9.7a4 4 0 0 0 2.4 2.4l.7-.9 1.6.7v1.5a1 1 0 0 1-1 1 6 6 0 0 1-6-6 1 1 0 0 1 1-1" />
    </>
  ),
  api: (
    <>
      <path d="M8 7l-5 5 5 5" />
      <path d="M16 7l5 5-5 5" />
      <path d="M13.5 5l-3 14" />
    </>
  ),
};

/** Colours that make channels tell apart at a glance (Mantine palette names). */
export const CHANNEL_COLORS: Readonly<Record<ChannelKind, string>> = {
  email: 'gray',
  sms: 'teal',
  whatsapp: 'green',
  chat: 'blue',
  messenger: 'indigo',
  telegram: 'cyan',
  voice: 'orange',
  instagram_direct: 'pink',
  viber: 'violet',
  api: 'grape',
};

interface ChannelIconProps {
  kind: ChannelKind;
  size?: number;
}

export function ChannelIcon({ kind, size = 16 }: ChannelIconProps) {
  const { t } = useTranslation();
  const label = t(`channelKinds.${kind}`);
  return (
    <Icon
      size={size}
      role="img"
      aria-hidden={false}
      aria-label={label}
      color={`var(--mantine-color-${CHANNEL_COLORS[kind]}-6)`}
      data-channel={kind}
    >
      <title>{label}</title>
      {SHAPES[kind]}
    </Icon>
  );
}
