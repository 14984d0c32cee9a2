// The way from the rest of the server to visitors' browsers: the `/widget` namespace (one room per visitor,
// fanned out to every process by the Redis adapter) and the console's presence. It exists before the
// realtime server does (the adapter registry is built first), so the socket module attaches it once started.
import type { WidgetClientEvents, WidgetServerEvents } from '@atende/contract';
import type { Namespace } from 'socket.io';
import { DeliveryError } from '../../channels/adapter.ts';

export type VisitorSocketData = {
  companyId: string;
  accountId: string;
  channelId: string;
  contactId: string;
  /** The visitor's address on the chat channel (what ingest finds the channel by). */
  address: string;
  name: string;
};

export type WidgetNamespace = Namespace<
  WidgetClientEvents,
  WidgetServerEvents,
  Record<string, never>,
  VisitorSocketData
>;

export const visitorRoom = (channelId: string) => `visitor:${channelId}`;

export type VisitorRelay = {
  attach(namespace: WidgetNamespace, companyOnline: (companyId: string) => Promise<boolean>): void;
  /** The room of one visitor, on every process; throws a transient DeliveryError before the start. */
  toVisitor(channelId: string): ReturnType<WidgetNamespace['to']>;
  /** Whether any user of the company has the console connected now (false before the start). */
  companyOnline(companyId: string): Promise<boolean>;
};

export function createVisitorRelay(): VisitorRelay {
  let namespace: WidgetNamespace | null = null;
  let online: (companyId: string) => Promise<boolean> = async () => false;
  return {
    attach(nsp, companyOnline) {
      namespace = nsp;
      online = companyOnline;
    },
    toVisitor(channelId) {
      if (!namespace) throw new DeliveryError('widget realtime not started', false);
      return namespace.to(visitorRoom(channelId));
    },
    companyOnline: (companyId) => online(companyId),
  };
}
