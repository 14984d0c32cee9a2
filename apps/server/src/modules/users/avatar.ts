// Profile images (spec §5, §9): a JPG or PNG of at most 3 MB, judged by its content (magic bytes), never by its
// name or declared type — an SVG, a GIF or an executable renamed .png is "image unsupported". What passes is
// decoded (a corrupt file fails here, not in someone's browser) and kept in two square WebP sizes: the large
// one for the profile and the header, the small one for lists of users.
import { AVATAR_MAX_BYTES, AVATAR_SIZES } from '@atende/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../platform/errors.ts';

const ACCEPTED = new Set(['image/jpeg', 'image/png']);
/** A 3 MB PNG can still claim enormous dimensions (a decompression bomb): refuse before decoding it. */
const MAX_INPUT_PIXELS = 40_000_000;

export type AvatarSize = keyof typeof AVATAR_SIZES;
export type AvatarImages = Record<AvatarSize, Buffer>;

export const avatarTooLarge = () =>
  new AppError('avatar_too_large', 400, { limit: `${AVATAR_MAX_BYTES / (1024 * 1024)} MB` });

/** The two sizes to keep, or a translated 400 saying why the file is not taken. */
export async function resizeAvatar(upload: { data: Buffer }): Promise<AvatarImages> {
  if (upload.data.length === 0) throw new AppError('file_required', 400);
  if (upload.data.length > AVATAR_MAX_BYTES) throw avatarTooLarge();
  const detected = (await fileTypeFromBuffer(upload.data))?.mime;
  if (!detected || !ACCEPTED.has(detected)) throw new AppError('image_unsupported', 400);
  const resize = (side: number) =>
    sharp(upload.data, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // as the camera held it (EXIF orientation), since the metadata is dropped
      .resize(side, side, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  try {
    const [large, small] = await Promise.all([resize(AVATAR_SIZES.large), resize(AVATAR_SIZES.small)]);
    return { large, small };
  } catch {
    // Right magic bytes, broken or oversized content.
    throw new AppError('image_unsupported', 400);
  }
}

/** The small file is kept beside the large one; avatars stored before there were two sizes have only one. */
export const avatarKey = (path: string, size: AvatarSize) =>
  size === 'small' && path.endsWith('.webp') ? path.replace(/\.webp$/, '.small.webp') : path;
