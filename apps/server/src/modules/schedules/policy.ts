// Who may change or remove a schedule: the attendant it belongs to, or whoever may manage anyone's (the
// contract's abilities). Who may plan for a contact is the contacts' rule (contacts/policy.ts).
import { may } from '@atende/contract';
import type { AuthContext } from '../../platform/auth.ts';

export const mayChangeSchedule = (auth: AuthContext, schedule: { userId: string | null }) =>
  may(auth, 'schedules.manage_any') || schedule.userId === auth.userId;
