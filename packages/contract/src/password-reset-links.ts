// Password reset by an administrator with a one-time link (issue 23, item 2): the Center asks for a link for a
// user of the company (answered once; the server keeps only the token's hash), and whoever opens it, without a
// session, chooses a new password there. A link works once, until it expires, and a newer link replaces it.
import { z } from 'zod';
import { encodedText, Timestamp } from './common.ts';
import { CenterUser } from './center-users.ts';
import { PASSWORD_MIN_LENGTH } from './constants.ts';

/** The web app's page a link opens, followed by the token (its route `password.reset`). */
export const PASSWORD_RESET_LINK_PATH = '/redefinir-senha/';

/** How long a reset link stays usable. */
export const PASSWORD_RESET_LINK_TTL_HOURS = 24;

/** The link just made, shown once to the administrator who asked for it. */
export const PasswordResetLink = z.object({ user: CenterUser, url: z.string(), expires_at: Timestamp });
export type PasswordResetLink = z.infer<typeof PasswordResetLink>;

/** The link's token, in a body rather than a URL the server would log. */
const Token = encodedText(200).min(1);

export const PasswordResetLinkCheck = z.object({ token: Token });
export type PasswordResetLinkCheck = z.infer<typeof PasswordResetLinkCheck>;

/** Whose password the link resets: the page greets them, so a wrong link is noticed before it is used. */
export const PasswordResetLinkOwner = z.object({
  name: z.string(),
  username: z.string(),
  company: z.string(),
  expires_at: Timestamp,
});
export type PasswordResetLinkOwner = z.infer<typeof PasswordResetLinkOwner>;

export const CompletePasswordResetRequest = z
  .object({
    token: Token,
    password: encodedText(200).min(PASSWORD_MIN_LENGTH),
    password_confirmation: encodedText(200),
  })
  .refine((body) => body.password === body.password_confirmation, {
    message: 'password_confirmation_mismatch',
    path: ['password_confirmation'],
  });
export type CompletePasswordResetRequest = z.infer<typeof CompletePasswordResetRequest>;
