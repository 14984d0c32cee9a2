// Session answers as the contract's LoginResponse and HeartbeatResponse.
import type { HeartbeatResponse, LoginResponse } from '@atende/contract';
import type { SessionToken } from './open-session.ts';

export const presentLogin = (session: SessionToken): LoginResponse => ({
  access_token: session.token,
  token_type: 'Bearer',
  expires_at: session.expiresAt.toISOString(),
});

export const presentHeartbeat = (serverTime: Date): HeartbeatResponse => ({
  server_time: serverTime.toISOString(),
});
