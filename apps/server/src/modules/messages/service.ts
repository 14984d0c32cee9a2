// The conversation's messages as one service: the timeline and its pages, sending (text, files, e-mail, notes),
// retry, deletion for everyone, read state, reactions, details, export, search in a conversation and across the
// company, and the signed files. Its parts live in the files beside it; this binds them once to what they need.
import type {
  CompanyMessageSearchQuery,
  ExportQuery,
  ItemsQuery,
  Language,
  PaginateQuery,
  SendMailFields,
  SendMessageRequest,
} from '@atende/contract';
import type { AdapterRegistry } from '../../channels/adapter.ts';
import { authorize, type TenantContext } from '../../platform/auth.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Signature, UrlSigner } from '../../platform/signed-urls.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { searchCompanyMessages } from './company-search.ts';
import { deleteMessage } from './delete.ts';
import { retryMessage } from './delivery.ts';
import { messageHtml, messageMetaData, toggleReaction } from './details.ts';
import { exportConversation } from './export.ts';
import type { CheckedFile } from './files.ts';
import { markConversationRead, markConversationUnread } from './read-state.ts';
import { searchConversation } from './search.ts';
import type { SearchWindows } from './search-windows.ts';
import { findMessage, sendMessage } from './send.ts';
import { openSignedFile } from './stored-files.ts';
import { assertVisibleContact, conversationItems, paginateItems } from './timeline.ts';

export type MessageServiceDeps = {
  db: Db;
  bus: EventBus;
  jobs: Jobs;
  urls: UrlSigner;
  storage: FileStorage;
  searchWindows: SearchWindows;
  adapters: AdapterRegistry;
  credentials: CredentialsBox;
};

/** A conversation's message: the contact in the path and the message's id. */
type MessageRef = { id: string; messageId: string };

export type MessageService = ReturnType<typeof messageService>;

export function messageService(deps: MessageServiceDeps) {
  const { bus, urls } = deps;
  return {
    items: (ctx: TenantContext, input: ItemsQuery & { id: string }) =>
      conversationItems(ctx, urls, input.id, input),
    olderItems: (ctx: TenantContext, input: PaginateQuery & { id: string }) =>
      paginateItems(ctx, urls, input.id, input),

    send: (ctx: TenantContext, input: SendMessageRequest & { id: string }) =>
      sendMessage(ctx, deps, input.id, input),
    /** One file (spec §5: one per send) with its caption; `audio` is the voice recorder's. */
    sendFile: (ctx: TenantContext, input: { id: string; file: CheckedFile; audio: boolean } & UploadFields) =>
      sendMessage(ctx, deps, input.id, {
        text: input.audio ? '' : input.caption,
        channel_id: input.channel_id,
        client_id: input.client_id,
        reply_to: input.reply_to,
        files: [input.file],
      }),
    /** An e-mail reply with its attachments; only on e-mail channels. */
    sendMail: (ctx: TenantContext, input: SendMailFields & { id: string; files: CheckedFile[] }) => {
      if (input.files.length > 0) authorize(ctx, 'messages.send_files');
      return sendMessage(ctx, deps, input.id, { ...input, onlyKind: 'email' });
    },
    retry: (ctx: TenantContext, input: MessageRef) => retryMessage(ctx, deps, input.id, input.messageId),
    remove: (ctx: TenantContext, input: MessageRef) => deleteMessage(ctx, deps, input.id, input.messageId),

    markRead: (ctx: TenantContext, input: { id: string }) => markConversationRead(ctx, bus, input.id),
    markUnread: (ctx: TenantContext, input: { id: string }) => markConversationUnread(ctx, bus, input.id),

    async find(ctx: TenantContext, input: MessageRef) {
      await assertVisibleContact(ctx, input.id);
      const message = await findMessage(ctx, urls, input.messageId);
      if (!message || message.contact_id !== input.id) throw notFound();
      return message;
    },
    react: (ctx: TenantContext, input: MessageRef & { emoji: string }) =>
      toggleReaction(ctx, deps, input.id, input.messageId, input.emoji),
    metaData: (ctx: TenantContext, input: MessageRef) => messageMetaData(ctx, input.id, input.messageId),
    html: (ctx: TenantContext, input: MessageRef) => messageHtml(ctx, input.id, input.messageId),

    export: (
      ctx: TenantContext,
      input: ExportQuery & { id: string; language: Language; clientIp: string | null },
    ) => exportConversation(ctx, urls, input.id, input, input.language, input.clientIp),
    search: (ctx: TenantContext, input: { id: string; term: string }) =>
      searchConversation(ctx, urls, input.id, input.term),
    searchCompany: (ctx: TenantContext, input: CompanyMessageSearchQuery) =>
      searchCompanyMessages(ctx, input, deps.searchWindows),

    /** Public: the signature is the access (stored-files.ts). */
    openFile: (input: { id: string } & Signature) => openSignedFile(deps, input),
  };
}

/** The text fields of a file send (multipart). */
export type UploadFields = { caption: string; channel_id?: string; client_id?: string; reply_to?: string };
