// Request validation with the contract's zod schemas, and the translation of zod issues into sentences that
// name the field the way a person would.
import { ERROR_CODES, type ErrorCode, type Language } from '@atende/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { core, ZodType } from 'zod';
import { catalogues, fieldLabel, translate } from './i18n/i18n.ts';

type Issue = core.$ZodIssue;

/** Carries zod's issues to the error handler; Fastify marks it 400 with the part validated. */
export class RequestValidationError extends Error {
  constructor(readonly issues: Issue[]) {
    super('validation failed');
    this.name = 'RequestValidationError';
  }
}

export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues) };
  };

export type FieldError = { field: string; message: string };

export function describeIssues(language: Language, issues: Issue[]): FieldError[] {
  return issues.map((issue) => {
    const specific = mostSpecific(issue);
    const field = specific.path.map(String).join('.');
    return { field, message: describeIssue(language, specific, field) };
  });
}

/** In a union, the branch that got furthest explains the problem best (e.g. "not an email" over "not ''"). */
function mostSpecific(issue: Issue): Issue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const branches = issue.errors.map((branch) => branch[0]).filter((inner): inner is Issue => Boolean(inner));
  const best = branches.find((inner) => inner.code !== 'invalid_value' && inner.code !== 'invalid_type');
  const chosen = best ?? branches[0] ?? issue;
  return chosen === issue ? issue : { ...chosen, path: [...issue.path, ...chosen.path] };
}

function describeIssue(language: Language, issue: Issue, field: string): string {
  // A list's item (`status.0`) is named by its list.
  const named = field.split('.').filter((part) => !/^\d+$/.test(part));
  const label = fieldLabel(language, named.at(-1) || field);
  // A schema that names an error code as its message (the spec's own texts) says it best.
  const coded = customMessage(language, issue.message, label);
  if (coded) return coded;
  const v = (
    key: keyof (typeof catalogues)['pt_br']['validation'],
    params: Record<string, string | number> = {},
  ) => translate(language, 'validation', key, { field: label, ...params });
  if (field === '' && issue.code !== 'custom') return translate(language, 'errors', 'validation_failed');
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? v('required') : v('invalid_type');
    case 'too_small':
      if (issue.origin === 'string') {
        return issue.minimum === 1 ? v('required') : v('too_short', { min: Number(issue.minimum) });
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return v('too_few_items', { min: Number(issue.minimum) });
      return v('too_small', { min: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return v('too_long', { max: Number(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set')
        return v('too_many_items', { max: Number(issue.maximum) });
      return v('too_big', { max: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? v('invalid_email') : v('invalid_format');
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
    case 'unrecognized_keys':
      return v('invalid_value');
    case 'custom':
      return v('invalid_value');
  }
}

/** Refinements in the contract use an error code (or a validation key) as their message. */
function customMessage(language: Language, code: string, field: string): string | undefined {
  const catalogue = catalogues[language];
  if (isErrorCode(code)) return translate(language, 'errors', code);
  if (code in catalogue.validation)
    return translate(language, 'validation', code as keyof typeof catalogue.validation, { field });
  return undefined;
}

const isErrorCode = (code: string): code is ErrorCode => (ERROR_CODES as readonly string[]).includes(code);

/**
 * The code a refused request answers with: the error code the first issue names (e.g. message_empty,
 * mail_subject_required), so clients can react to it; validation_failed otherwise.
 */
export function validationCode(issues: Issue[]): ErrorCode {
  const first = issues[0] && mostSpecific(issues[0]);
  return first && isErrorCode(first.message) ? first.message : 'validation_failed';
}
