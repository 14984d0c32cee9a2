// Who sees a pipeline and may change what on it. Supervising roles see every pipeline; others see one given to
// no team nor segment (the company's), or given to a team they belong to or a segment they serve. A card is
// seen only with its customer (the contacts' own visibility rule).
import { may } from '@atende/contract';
import { sql, type SQL } from 'drizzle-orm';
import { pipelines, pipelineTeams, pipelineWallets, teamMembers, teams } from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { servedWalletIds } from '../teams/served-segments.ts';

export function visiblePipelines(auth: AuthContext): SQL {
  if (may(auth, 'pipelines.moderate')) return sql`true`;
  return sql`(
    not exists (select 1 from ${pipelineTeams} where ${pipelineTeams.pipelineId} = ${pipelines.id})
    and not exists (select 1 from ${pipelineWallets} where ${pipelineWallets.pipelineId} = ${pipelines.id})
    or exists (
      select 1 from ${pipelineTeams}
        join ${teamMembers} on ${teamMembers.teamId} = ${pipelineTeams.teamId}
        join ${teams} on ${teams.id} = ${pipelineTeams.teamId} and ${teams.archivedAt} is null
      where ${pipelineTeams.pipelineId} = ${pipelines.id} and ${teamMembers.userId} = ${auth.userId})
    or exists (
      select 1 from ${pipelineWallets}
      where ${pipelineWallets.pipelineId} = ${pipelines.id}
        and ${pipelineWallets.walletId} in ${servedWalletIds(auth.userId)}))`;
}

/** A card is removed by its author or a supervising role. */
export const mayDeleteCard = (auth: AuthContext, card: { authorId: string | null }) =>
  may(auth, 'pipelines.moderate') || card.authorId === auth.userId;

/** A comment is edited and deleted by its author or a supervising role. */
export const mayChangeComment = (auth: AuthContext, comment: { authorId: string | null }) =>
  may(auth, 'pipelines.moderate') || comment.authorId === auth.userId;
