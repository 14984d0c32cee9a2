// Closed vocabularies of the product (spec §1, §3, §6), shared by server, web and widget.
import { z } from 'zod';
import { LANGUAGES } from './languages.ts';

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
  /** The generic API channel: any other provider, or a company's own bot, through our signed HTTP API. */
  'api',
] as const;
export const ChannelKind = z.enum(CHANNEL_KINDS);
export type ChannelKind = z.infer<typeof ChannelKind>;

export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

export const PERMISSIONS = [
  'create_contacts',
  'send_files',
  'change_responsible',
  'broadcast',
  'pipelines_admin',
  'voice',
  'analytics_others',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PRIORITIES = ['low', 'medium', 'high'] as const;

/**
 * A conversation's life (issue 20): open (waiting in the queue or with an attendant), snoozed until a time
 * (then open again), resolved (out of the working lists, kept for search and history; a customer writing
 * opens it again).
 */
export const CONVERSATION_STATUSES = ['open', 'snoozed', 'resolved'] as const;
export const ConversationStatus = z.enum(CONVERSATION_STATUSES);
export type ConversationStatus = z.infer<typeof ConversationStatus>;
export const Priority = z.enum(PRIORITIES);
export type Priority = z.infer<typeof Priority>;
