// What the signed-in user may do, as the server answered it (GET /api/user `abilities`, from the contract's
// one table): the console hides what is not there, and the server refuses it anyway.
import type { Ability, User } from '@atende/contract';
import { useSessionStore } from './session-store.ts';

export const holds = (user: Pick<User, 'abilities'> | null | undefined, ability: Ability): boolean =>
  user?.abilities.includes(ability) ?? false;

export const useAbility = (ability: Ability): boolean =>
  useSessionStore((state) => holds(state.user, ability));
