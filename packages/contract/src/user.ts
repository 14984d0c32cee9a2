// The authenticated user (spec §3 "User") and the calls that change it.
import { z } from 'zod';
import { AbilityName } from './abilities.ts';
import { encodedText, Id, requiredText, text } from './common.ts';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { Language, Role } from './enums.ts';
import { UserPause } from './pauses.ts';

export const Permissions = z.object({
  create_contacts: z.boolean(),
  send_files: z.boolean(),
  change_responsible: z.boolean(),
  /** Send broadcasts (mass messages to a list of contacts). */
  broadcast: z.boolean(),
  /** Create and change pipelines and their steps. */
  pipelines_admin: z.boolean(),
  /** Use the softphone: place and take calls. */
  voice: z.boolean(),
  /** See the analytics of colleagues, not only one's own. */
  analytics_others: z.boolean(),
});
export type Permissions = z.infer<typeof Permissions>;

export const User = z.object({
  id: Id,
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  instagram: z.string().nullable(),
  avatar: z.string().nullable(),
  timezone: z.string(),
  /** Null: the interface follows the host's language (spec §1); set, it wins after login. */
  language: Language.nullable(),
  sound_notification: z.boolean(),
  require_new_password: z.boolean(),
  pause: UserPause,
  permissions: Permissions,
  role: Role,
  /** What this user may do (abilities.ts): the console hides the rest. */
  abilities: z.array(AbilityName),
  company: z.object({ id: Id, name: z.string() }),
});
export type User = z.infer<typeof User>;

const optionalText = (max: number) =>
  text(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const UpdateProfileRequest = z
  .object({
    name: requiredText(120).optional(),
    email: z
      .union([z.literal(''), z.email().max(254)])
      .transform((value) => (value === '' ? null : value.toLowerCase()))
      .nullable()
      .optional(),
    instagram: optionalText(30).transform((value) => value?.replace(/^@/, '') ?? value),
    timezone: requiredText(64).optional(),
    language: Language.nullable().optional(),
    sound_notification: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'nothing_to_change',
  });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

const NewPassword = encodedText(200).min(PASSWORD_MIN_LENGTH);

const confirmationMatches = (body: { password: string; password_confirmation: string }) =>
  body.password === body.password_confirmation;
const mismatch = { message: 'password_confirmation_mismatch', path: ['password_confirmation'] };

export const ChangePasswordRequest = z
  .object({
    current_password: encodedText(200).min(1),
    password: NewPassword,
    password_confirmation: encodedText(200),
  })
  .refine(confirmationMatches, mismatch);
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** Sets a new password without the current one; only while the account requires a new password. */
export const ResetPasswordRequest = z
  .object({ password: NewPassword, password_confirmation: encodedText(200) })
  .refine(confirmationMatches, mismatch);
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;
