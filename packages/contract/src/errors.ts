// Error codes the API answers with, as `{ message, code }`; the message is translated by the server.
import { z } from 'zod';

export const ERROR_CODES = [
  'validation_failed',
  'invalid_json',
  'body_too_large',
  'unsupported_media_type',
  'not_found',
  'route_not_found',
  'unauthenticated',
  'session_expired',
  'forbidden',
  'invalid_credentials',
  'too_many_attempts',
  'current_password_invalid',
  'password_confirmation_mismatch',
  'password_reuse',
  'new_password_not_required',
  'invalid_timezone',
  'invalid_cursor',
  'search_term_too_short',
  'export_invalid_date',
  'file_required',
  'too_many_files',
  'upload_incomplete',
  'file_too_large',
  'file_type_not_allowed',
  'channel_no_media',
  'mail_subject_required',
  'channel_kind_not_configurable',
  'channel_kind_immutable',
  'not_an_email_channel',
  'message_has_no_html',
  'transcription_not_configured',
  'conflict_contact',
  'invalid_document',
  'schedule_in_past',
  'not_audio',
  'export_interval_too_long',
  'queue_empty',
  'channel_already_registered',
  'invalid_channel_address',
  'channel_blacklisted',
  'output_line_mismatch',
  'channel_not_of_contact',
  'no_reply_channel',
  'message_not_retryable',
  'widget_not_found',
  'widget_identity_required',
  'widget_identity_invalid',
  'prechat_name_required',
  'prechat_email_required',
  'prechat_phone_required',
  'too_many_sessions',
  'visitor_session_invalid',
  'service_unavailable',
  'internal_error',
] as const;
export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const FieldError = z.object({ field: z.string(), message: z.string() });

export const ErrorResponse = z.object({
  message: z.string(),
  code: z.string(),
  /** Present on validation errors: the first offending field and every issue found. */
  field: z.string().optional(),
  errors: z.array(FieldError).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
