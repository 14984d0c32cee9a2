// One page of teams: each team's name (archived ones marked), supervisors, members and segments, and — for
// who may change it — editing and, for administrators, (un)archiving.
import type { Team } from '@atende/contract';
import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';

export interface TeamActions {
  onEdit: (team: Team) => void;
  /** Absent for who may not archive (supervisors): no button shows. */
  onArchive?: (team: Team) => void;
}

const namesOf = (items: { name: string }[]) => items.map((item) => item.name).join(', ');

function Names({ items, empty }: { items: { name: string }[]; empty: string }) {
  return (
    <Text size="sm" c={items.length === 0 ? 'dimmed' : undefined} lineClamp={2}>
      {items.length === 0 ? empty : namesOf(items)}
    </Text>
  );
}

export function TeamsTable({ teams, onEdit, onArchive }: { teams: Team[] } & TeamActions) {
  const { t } = useTranslation();
  const none = t('centerTeams.none');
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('centerTeams.columns.name')}</Table.Th>
            <Table.Th>{t('centerTeams.columns.supervisors')}</Table.Th>
            <Table.Th>{t('centerTeams.columns.members')}</Table.Th>
            <Table.Th>{t('centerTeams.columns.segments')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('centerTeams.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {teams.map((team) => {
            const archived = team.archived_at !== null;
            return (
              <Table.Tr key={team.id} data-testid="team-row" data-name={team.name}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {team.name}
                    </Text>
                    {archived && (
                      <Badge color="gray" variant="light" size="sm">
                        {t('centerTeams.archived')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Names items={team.supervisors} empty={none} />
                </Table.Td>
                <Table.Td>
                  <Names items={team.members} empty={none} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {team.segments.length === 0 && <Names items={[]} empty={none} />}
                    {team.segments.map((segment) => (
                      <Badge key={segment.id} variant="light" size="sm" tt="none">
                        {segment.name}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap" justify="flex-end">
                    {team.editable && (
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => onEdit(team)}
                        aria-label={t('centerTeams.editNamed', { name: team.name })}
                        data-testid="team-edit"
                      >
                        {t('centerTeams.edit')}
                      </Button>
                    )}
                    {onArchive && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        color={archived ? 'teal' : 'red'}
                        onClick={() => onArchive(team)}
                        data-testid={archived ? 'team-unarchive' : 'team-archive'}
                      >
                        {t(archived ? 'centerTeams.unarchive' : 'centerTeams.archive')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
