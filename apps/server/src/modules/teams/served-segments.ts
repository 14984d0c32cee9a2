// The segments a user serves: their own (user_wallets) and those routed to the teams they belong to (issue 21,
// item 2). The one definition every segment-based rule uses: "only my segments" in the contact list and the
// waiting queue's preference for one's own segments (modules/contacts).
import { sql, type SQL } from 'drizzle-orm';
import {
  contacts,
  contactWallets,
  teamMembers,
  teams,
  teamWallets,
  userWallets,
} from '../../db/schema/index.ts';

/** `(select wallet_id …)` of the segments `userId` serves; an archived team routes nothing. */
export const servedWalletIds = (userId: string | SQL): SQL => sql`(
  select ${userWallets.walletId} from ${userWallets} where ${userWallets.userId} = ${userId}
  union all
  select ${teamWallets.walletId} from ${teamMembers}
    join ${teams} on ${teams.id} = ${teamMembers.teamId} and ${teams.archivedAt} is null
    join ${teamWallets} on ${teamWallets.teamId} = ${teamMembers.teamId}
  where ${teamMembers.userId} = ${userId})`;

/** Whether the contact of the outer query (`contacts`) is in a segment `userId` serves. */
export const inServedSegments = (userId: string | SQL): SQL => sql`exists (
  select 1 from ${contactWallets}
  where ${contactWallets.contactId} = ${contacts.id} and ${contactWallets.walletId} in ${servedWalletIds(userId)})`;
