// The realtime client: one Socket.IO connection per console session (same origin, /socket.io, the access
// token in the handshake), its state for the UI, and the two moments the app must react to: every (re)connect
// or server's `resync`, after which what is on screen is fetched again, and a handshake refused because the
// token is no longer good.
import { REALTIME_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@atende/contract';
import { io, type Socket } from 'socket.io-client';
import { create } from 'zustand';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** offline: no console session; connecting: not connected yet; live: connected; reconnecting: lost, trying again. */
export type RealtimeStatus = 'offline' | 'connecting' | 'live' | 'reconnecting';

export interface RealtimeState {
  status: RealtimeStatus;
  /** The open connection, for screens that join rooms (the conversation); null without a console session. */
  socket: RealtimeSocket | null;
  /**
   * Counts successful connections and the server's resyncs: a screen that joined a room joins it again, and
   * fetches what it shows again, when this grows.
   */
  connections: number;
}

export const useRealtimeStore = create<RealtimeState>()(() => ({
  status: 'offline',
  socket: null,
  connections: 0,
}));

const setStatus = (status: RealtimeStatus): void => useRealtimeStore.setState({ status });

/** Handshake refusals that mean the token is not (or no longer) accepted: the server's error codes. */
const AUTH_REFUSALS: ReadonlySet<string> = new Set(['unauthenticated', 'session_expired']);

/** After the server refused for another reason (it is starting, its database is away), ask again this late. */
const RETRY_AFTER_REFUSAL_MS = 3_000;

export interface RealtimeOptions {
  token: string;
  /**
   * Every successful connection, the first included, and every `resync` of the server: events may have been
   * missed before it.
   */
  onConnect: (reconnected: boolean) => void;
  /** The server refused the token (`unauthenticated` or `session_expired`): the session is over. */
  onAuthRefused: (code: string) => void;
  /** Overrides the server address (tests); the console uses its own origin. */
  url?: string;
}

export interface RealtimeConnection {
  socket: RealtimeSocket;
  close: () => void;
}

export function openRealtime({ token, onConnect, onAuthRefused, url }: RealtimeOptions): RealtimeConnection {
  const options = { path: REALTIME_PATH, auth: { token }, transports: ['websocket'] };
  const socket: RealtimeSocket = url ? io(url, options) : io(options);
  let connectedBefore = false;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const connectLater = () => {
    if (retry) clearTimeout(retry);
    retry = setTimeout(() => {
      retry = null;
      if (!closed) socket.connect();
    }, RETRY_AFTER_REFUSAL_MS);
  };

  setStatus('connecting');
  useRealtimeStore.setState({ socket });
  /** What is on screen is fetched again, and rooms joined again, by the same code after any of them. */
  const resync = (reconnected: boolean) => {
    useRealtimeStore.setState((state) => ({ connections: state.connections + 1 }));
    onConnect(reconnected);
  };
  socket.on('connect', () => {
    setStatus('live');
    resync(connectedBefore);
    connectedBefore = true;
  });
  // Still connected, but the servers lost events meant for it (their fan-out was down): as after a reconnect.
  socket.on('resync', () => resync(true));
  socket.on('disconnect', (reason) => {
    if (closed) return;
    setStatus('reconnecting');
    // The server closed this socket itself (restart, shutdown): Socket.IO does not retry that on its own.
    if (reason === 'io server disconnect') connectLater();
  });
  socket.on('connect_error', (error) => {
    if (closed) return;
    if (AUTH_REFUSALS.has(error.message)) {
      closed = true;
      socket.disconnect();
      setStatus('offline');
      onAuthRefused(error.message);
      return;
    }
    setStatus(connectedBefore ? 'reconnecting' : 'connecting');
    // A refusal by the server's middleware is not retried by Socket.IO; a network failure is.
    if (!socket.active) connectLater();
  });

  return {
    socket,
    close: () => {
      closed = true;
      if (retry) clearTimeout(retry);
      socket.disconnect();
      setStatus('offline');
      useRealtimeStore.setState({ socket: null });
    },
  };
}
