// Session calls: login, logout, heartbeat (spec §4, §7 "Session") and the handoff of spec §2's access_token link.
import { z } from 'zod';
import { encodedText, requiredText, Timestamp } from './common.ts';

export const LoginRequest = z.object({
  company: requiredText(100),
  username: requiredText(100),
  password: encodedText(200).min(1),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: Timestamp,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/**
 * The token another application (the admin Center) put in a console link's `access_token`, exchanged once for
 * a session of the console's own (answered as a LoginResponse). In the body, never in a URL: a URL is kept in
 * history, bookmarks and logs.
 */
export const HandoffRequest = z.object({ token: encodedText(4000).min(1) });
export type HandoffRequest = z.infer<typeof HandoffRequest>;

export const HeartbeatResponse = z.object({ server_time: Timestamp });
export type HeartbeatResponse = z.infer<typeof HeartbeatResponse>;
