// Reading multipart requests (file sends, the widget's uploads): the fields checked against a contract schema,
// the files buffered, more files than allowed refused rather than dropped.
import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { AppError } from './errors.ts';
import { RequestValidationError } from './validation.ts';

export type RawFile = { filename: string; declaredType: string; data: Buffer };

/** The fields and files of a multipart request; more files than `maxFiles` are refused, not dropped. */
export async function readParts(request: FastifyRequest, maxFiles: number) {
  if (!request.isMultipart()) throw new AppError('file_required', 400);
  const fields: Record<string, string> = {};
  const files: RawFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (files.length === maxFiles) throw new AppError('too_many_files', 400);
        files.push({ filename: part.filename, declaredType: part.mimetype, data: await part.toBuffer() });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // A body that ends before its closing boundary (a dropped connection, a client that gave up): nothing
    // was stored yet, the files are only in memory; the client is told to send again.
    if (error instanceof Error && CUT_OFF.test(error.message)) throw new AppError('upload_incomplete', 400);
    throw error;
  }
  return { fields, files };
}

/** What the multipart parser (busboy) says of a body cut off before its end. */
const CUT_OFF = /^Unexpected end of (form|multipart data)$/;

export function parseFields<F>(schema: ZodType<F>, fields: Record<string, string>): F {
  const parsed = schema.safeParse(fields, { reportInput: true });
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues);
  return parsed.data;
}

/** The one file (spec §5: one per send) and the text fields of a multipart send, checked against `schema`. */
export async function readUpload<F>(
  request: FastifyRequest,
  schema: ZodType<F>,
): Promise<{ fields: F; file: RawFile }> {
  const { fields, files } = await readParts(request, 1);
  if (!files[0]) throw new AppError('file_required', 400);
  return { fields: parseFields(schema, fields), file: files[0] };
}
