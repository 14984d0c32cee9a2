// Files attendants send: the type is taken from the content (magic bytes), never from the name; each channel
// takes only the kinds and sizes its provider accepts (MEDIA_LIMITS).
import { createHash } from 'node:crypto';
import {
  ACCEPTED_CONTENT_TYPES,
  ATTACHMENT_KINDS,
  MEDIA_LIMITS,
  type AttachmentKind,
  type ChannelKind,
} from '@atende/contract';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../platform/errors.ts';
import { megabytes } from '../../platform/error-handler.ts';

export type CheckedFile = {
  filename: string;
  contentType: string;
  kind: AttachmentKind;
  data: Buffer;
  sha256: string;
};

const TEXT_TYPES = ['text/plain', 'text/csv'];

/** Plain text has no magic bytes: accept it when declared so and it decodes as UTF-8 without control bytes. */
const isPlainText = (data: Buffer) =>
  !data.includes(0) && Buffer.from(data.toString('utf8'), 'utf8').equals(data);

async function contentTypeOf(data: Buffer, declared: string): Promise<string | null> {
  // Parameters such as "; codecs=opus" do not change what the file is.
  const detected = (await fileTypeFromBuffer(data))?.mime.split(';')[0];
  const declaredBase = declared.split(';')[0]!.trim().toLowerCase();
  // WebM and Ogg carry audio or video; a browser's voice recording says which.
  if ((detected === 'video/webm' || detected === 'video/ogg') && declaredBase.startsWith('audio/')) {
    return detected.replace('video/', 'audio/');
  }
  if (detected) return detected;
  return TEXT_TYPES.includes(declaredBase) && isPlainText(data) ? declaredBase : null;
}

const kindOf = (contentType: string) =>
  ATTACHMENT_KINDS.find((kind) => ACCEPTED_CONTENT_TYPES[kind].includes(contentType));

/** Names travel to customers and into headers: keep them printable and short. */
const cleanName = (name: string) =>
  name
    .replace(/[\\/]/g, '_')
    .split('')
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200) || 'arquivo';

export async function inspectUpload(
  upload: { filename: string; declaredType: string; data: Buffer },
  options: { audioOnly?: boolean } = {},
): Promise<CheckedFile> {
  if (upload.data.length === 0) throw new AppError('file_required', 400);
  const contentType = await contentTypeOf(upload.data, upload.declaredType);
  const kind = contentType ? kindOf(contentType) : undefined;
  if (!contentType || !kind || (options.audioOnly && kind !== 'audio')) {
    throw new AppError('file_type_not_allowed', 400);
  }
  return {
    filename: cleanName(upload.filename),
    contentType,
    kind,
    data: upload.data,
    sha256: createHash('sha256').update(upload.data).digest('hex'),
  };
}

/**
 * Files stored once for many messages (a broadcast's, every recipient's message pointing to it) live under
 * this prefix and belong to their owner: removing a message's attachment rows never removes them.
 */
export const SHARED_FILE_PREFIX = 'shared-files/';

/** The stored keys a message's removal frees: its own files, not shared ones. */
export const ownFileKeys = (keys: string[]): string[] =>
  keys.filter((key) => !key.startsWith(SHARED_FILE_PREFIX));

export function assertChannelTakes(channel: ChannelKind, file: { kind: AttachmentKind; size: number }): void {
  const limit = MEDIA_LIMITS[channel][file.kind];
  if (limit === undefined) throw new AppError('channel_no_media', 400);
  if (file.size > limit) throw new AppError('file_too_large', 400, megabytes(limit));
}
