// Who learns who sent a suggestion: everyone when it is signed, only its sender when anonymous — administrators
// moderating included (the server keeps the sender; no response carries it).
import type { AuthContext } from '../../platform/auth.ts';

export const revealsSender = (reader: AuthContext, row: { anonymous: boolean; senderId: string | null }) =>
  !row.anonymous || row.senderId === reader.userId;
