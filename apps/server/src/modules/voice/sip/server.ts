// The embedded PBX's door: WebSocket upgrades of `/sip` with the `sip` subprotocol (RFC 7118) on the app's own
// HTTP server, each connection handed to the PBX. Other upgrades (Socket.IO) are left to their owners.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Pbx, SipConnection } from './pbx.ts';

export const SIP_PATH = '/sip';
/** A SIP message over WebSocket is small; anything larger is not one of ours. */
const MAX_MESSAGE_BYTES = 64 * 1024;

export function attachSipWebSocket(server: Server, pbx: Pbx): { close(): void } {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    handleProtocols: (protocols) => (protocols.has('sip') ? 'sip' : false),
  });
  const sockets = new Set<WebSocket>();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== SIP_PATH) return;
    const offered = String(request.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((protocol) => protocol.trim());
    if (!offered.includes('sip')) {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      sockets.add(ws);
      const conn: SipConnection = {
        id: randomUUID(),
        send: (text) => {
          if (ws.readyState === ws.OPEN) ws.send(text);
        },
      };
      ws.on('message', (data, binary) => {
        if (!binary || Buffer.isBuffer(data)) pbx.receive(conn, data.toString());
      });
      ws.on('close', () => {
        sockets.delete(ws);
        pbx.closed(conn);
      });
      ws.on('error', () => ws.terminate());
    });
  };
  server.on('upgrade', onUpgrade);

  return {
    close() {
      server.off('upgrade', onUpgrade);
      for (const ws of sockets) ws.terminate();
      wss.close();
    },
  };
}
