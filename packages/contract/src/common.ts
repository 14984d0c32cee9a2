// Building blocks reused by the schemas of every area.
import { z } from 'zod';

export const Id = z.uuid();
export const Timestamp = z.iso.datetime({ offset: true });
export const Ok = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof Ok>;

/** Trimmed, non-empty text with an upper bound, for names and short labels. */
export const ShortText = (max = 255) => z.string().trim().min(1).max(max);
