// Who may change a ready phrase: its author alone (an own phrase is private). The company's phrases are kept in
// the Center's catalogues by whoever may manage them, never through the phrases API.
import type { AuthContext } from '../../platform/auth.ts';

export const mayEditPhrase = (auth: AuthContext, phrase: { authorId: string | null }) =>
  phrase.authorId === auth.userId;
