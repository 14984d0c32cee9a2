// The form of a team: its name, supervisors, members and segments, the checks that mirror the contract
// (packages/contract/src/teams.ts) so most mistakes show on their field before any call, and the input it
// sends. Field names are the API's, so the server's refusals land on the same fields.
import { TEAM_NAME_MAX, type Team, type TeamInput } from '@atende/contract';
import { checkText, found, type Problems } from '../channels/field-rules.ts';

export type TeamForm = {
  name: string;
  supervisor_ids: string[];
  member_ids: string[];
  segment_ids: string[];
};
export type TeamField = keyof TeamForm;

export const teamForm = (team: Team | null): TeamForm => ({
  name: team?.name ?? '',
  supervisor_ids: team?.supervisors.map((person) => person.id) ?? [],
  member_ids: team?.members.map((person) => person.id) ?? [],
  segment_ids: team?.segments.map((segment) => segment.id) ?? [],
});

export function checkTeam(form: TeamForm): Problems<TeamField> {
  return found({
    name: checkText(form.name, TEAM_NAME_MAX),
    supervisor_ids: undefined,
    member_ids: undefined,
    segment_ids: undefined,
  });
}

/** What the form sends: a supervisor is a member already, so they are not listed twice. */
export function teamInput(form: TeamForm): TeamInput {
  const supervisors = new Set(form.supervisor_ids);
  return {
    name: form.name.trim(),
    supervisor_ids: form.supervisor_ids,
    member_ids: form.member_ids.filter((id) => !supervisors.has(id)),
    segment_ids: form.segment_ids,
  };
}
