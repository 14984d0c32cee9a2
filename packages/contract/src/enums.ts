// Closed vocabularies of the product (spec §1, §3, §6), shared by server, web and widget.
import { z } from 'zod';

export const ROLES = ['super_admin', 'admin', 'supervisor', 'attendant'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const CHANNEL_KINDS = [
  'email',
  'sms',
  'whatsapp',
  'chat',
  'messenger',
  'telegram',
  'voice',
  'instagram_direct',
  'viber',
] as const;
export const ChannelKind = z.enum(CHANNEL_KINDS);
export type ChannelKind = z.infer<typeof ChannelKind>;

export const LANGUAGES = ['pt_br', 'pt_pt', 'en', 'es', 'fr'] as const;
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;
export const DEFAULT_LANGUAGE: Language = 'pt_br';

/** BCP 47 tags of the languages, for Intl, <html lang> and Accept-Language. */
export const LANGUAGE_TAGS: Record<Language, string> = {
  pt_br: 'pt-BR',
  pt_pt: 'pt-PT',
  en: 'en',
  es: 'es',
  fr: 'fr',
};

export const PERMISSIONS = ['create_contacts', 'send_files', 'change_responsible'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export const Priority = z.enum(PRIORITIES);
export type Priority = z.infer<typeof Priority>;
