// Who may change a ready phrase: its author, or whoever may edit anyone's (the contract's abilities).
import { may } from '@atende/contract';
import type { AuthContext } from '../../platform/auth.ts';

export const mayEditPhrase = (auth: AuthContext, phrase: { authorId: string | null }) =>
  may(auth, 'phrases.edit_any') || phrase.authorId === auth.userId;
