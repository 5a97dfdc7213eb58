import { formatTime } from '@domain/time';
import { Avatar, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useBootstrap } from '../api/use-bootstrap';
import { useTeamDay } from '../api/use-team-day';
import type { ReadingRoomSearch } from '../search';
import { useRT } from '../use-rt';

interface TeamPanelProps {
  search: ReadingRoomSearch;
  onSearch: (patch: Partial<ReadingRoomSearch>) => void;
}

/**
 * „Mein Team heute“ (decision 110) in the sidebar of the workplace area:
 * colleagues of the department and favourites with their desks on the day
 * shown, each with a way to book the free desk next to them. Nothing is shown
 * while the tenant has the feature off; a hint leads to the consent otherwise.
 */
export function TeamPanel({ search, onSearch }: TeamPanelProps) {
  const rt = useRT();
  const boot = useBootstrap('arbeitswelt');
  const date = search.datum ?? boot.data?.today ?? null;
  const team = useTeamDay(date, true);
  if (!team.data?.enabled) return team.isPending && date ? <Loader size="sm" /> : null;
  return (
    <Stack gap={6} data-testid="team-today">
      <Title order={2} size="h5">
        {rt('team.title')}
      </Title>
      {!team.data.consent ? (
        <Text size="sm" c="dimmed">
          {rt('team.noConsent')}
        </Text>
      ) : team.data.colleagues.length === 0 ? (
        <Text size="sm" c="dimmed">
          {rt('team.nobody')}
        </Text>
      ) : (
        team.data.colleagues.map((c) =>
          c.desks.map((d) => (
            <Group key={d.bookingId} gap="xs" wrap="nowrap" align="flex-start" data-team-member={c.name}>
              <Avatar size="sm" color="blue" radius="xl" aria-hidden>
                {c.initials}
              </Avatar>
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Group gap={4} wrap="wrap">
                  <Text size="sm" fw={600}>
                    {c.name}
                  </Text>
                  <Badge size="xs" variant="light" tt="none" color={c.relation === 'abteilung' ? 'blue' : 'yellow'}>
                    {rt(`team.relation.${c.relation}`)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {rt('team.desk', { name: d.objectName, plan: d.floorPlanName, von: formatTime(d.von), bis: formatTime(d.bis) })}
                </Text>
                <div>
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => onSearch({ grundriss: d.floorPlanId, neben: d.objectId })}
                    aria-label={rt('team.bookNextToLabel', { name: c.name })}
                  >
                    {rt('team.bookNextTo')}
                  </Button>
                </div>
              </Stack>
            </Group>
          )),
        )
      )}
    </Stack>
  );
}
