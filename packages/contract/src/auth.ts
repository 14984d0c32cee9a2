// Session calls: login, logout and heartbeat (spec §4, §7 "Session").
import { z } from 'zod';
import { Timestamp } from './common.ts';

export const LoginRequest = z.object({
  company: z.string().trim().min(1).max(100),
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: Timestamp,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const HeartbeatResponse = z.object({ server_time: Timestamp });
export type HeartbeatResponse = z.infer<typeof HeartbeatResponse>;
