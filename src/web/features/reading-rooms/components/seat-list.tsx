import type { BootstrapResponse, MapObjectDto } from '@contracts/reading-rooms';
import { Badge, Button, Group, MultiSelect, Select, Table, Text, VisuallyHidden } from '@mantine/core';
import { KEYBOARD_SCROLL } from '@web/components/keyboard-scroll';
import { useMemo } from 'react';
import type { ListSort } from '../search';
import { FAVOURITE_COLOUR, STATE_COLOURS } from '../states';
import type { DeskNeighbour } from '../team';
import { useRT } from '../use-rt';

const STATE_ORDER = ['frei', 'teilweise', 'meins', 'belegt', 'geschlossen', 'inaktiv'];
const collator = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

interface SeatListProps {
  objects: MapObjectDto[];
  equipment: BootstrapResponse['equipment'];
  favourites: ReadonlySet<string>;
  visible: (o: MapObjectDto) => boolean;
  sort: ListSort;
  equipmentFilter: string[];
  onSortChange: (sort: ListSort) => void;
  onEquipmentFilterChange: (ids: string[]) => void;
  onSelect: (o: MapObjectDto) => void;
  /** „Mein Team heute“ (decision 110): the colleague at a desk, named under its designation. */
  team?: ReadonlyMap<string, DeskNeighbour>;
}

/** The map's data as a table: sortable, filterable by equipment. */
export function SeatList({
  objects,
  equipment,
  favourites,
  visible,
  sort,
  equipmentFilter,
  onSortChange,
  onEquipmentFilterChange,
  onSelect,
  team,
}: SeatListProps) {
  const rt = useRT();
  const rows = useMemo(() => {
    const list = objects.filter(visible).filter((o) => equipmentFilter.every((id) => o.equipment.some((e) => e.id === id)));
    return list.sort((a, b) => {
      if (sort === 'status')
        return STATE_ORDER.indexOf(a.state) - STATE_ORDER.indexOf(b.state) || collator.compare(a.designation, b.designation);
      if (sort === 'plaetze') return b.capacity - a.capacity || collator.compare(a.designation, b.designation);
      return collator.compare(a.designation, b.designation);
    });
  }, [objects, visible, sort, equipmentFilter]);

  return (
    <>
      <Group gap="sm" align="flex-end" mb="sm">
        <Select
          label={rt('list.sort')}
          data={[
            { value: 'name', label: rt('list.sortName') },
            { value: 'status', label: rt('list.sortState') },
            { value: 'plaetze', label: rt('list.sortCapacity') },
          ]}
          value={sort}
          onChange={(v) => v && onSortChange(v as ListSort)}
          allowDeselect={false}
          w={200}
        />
        <MultiSelect
          label={rt('list.equipmentFilter')}
          data={equipment.map((e) => ({ value: e.id, label: e.name }))}
          value={equipmentFilter}
          onChange={onEquipmentFilterChange}
          clearable
          searchable
          miw={240}
          style={{ flex: 1, maxWidth: 480 }}
        />
      </Group>
      <Text size="sm" c="dimmed" mb={4}>
        {rt('list.count', { shown: rows.length, count: objects.length })}
      </Text>
      <Table.ScrollContainer minWidth={560} scrollAreaProps={KEYBOARD_SCROLL}>
        <Table striped highlightOnHover data-testid="seat-list">
          <VisuallyHidden component="caption">{rt('list.caption')}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{rt('list.name')}</Table.Th>
              <Table.Th>{rt('list.kind')}</Table.Th>
              <Table.Th>{rt('list.capacity')}</Table.Th>
              <Table.Th>{rt('list.equipment')}</Table.Th>
              <Table.Th>{rt('list.state')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((o) => (
              <Table.Tr key={o.id} data-seat={o.designation}>
                <Table.Td fw={600}>
                  {o.designation}
                  {favourites.has(o.id) ? (
                    <span role="img" style={{ color: FAVOURITE_COLOUR, marginLeft: 4 }} aria-label={rt('state.favorit')}>
                      ★
                    </span>
                  ) : null}
                  {team?.get(o.id) ? (
                    <Text size="xs" fw={400} c="dimmed" data-team-name>
                      {team.get(o.id)!.name}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{rt(`kind.${o.kind}`)}</Table.Td>
                <Table.Td>{o.kind === 'raum' ? `${o.freePlaces}/${o.capacity}` : o.capacity}</Table.Td>
                <Table.Td>
                  <Text size="sm">{o.equipment.map((e) => (e.count > 1 ? `${e.count}× ${e.name}` : e.name)).join(', ') || '–'}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge tt="none" style={{ background: STATE_COLOURS[o.state].fill, color: STATE_COLOURS[o.state].text }}>
                    {rt(`state.${o.state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onSelect(o)}
                    disabled={o.state === 'geschlossen' || o.state === 'inaktiv'}
                  >
                    {rt('list.book')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 ? (
        <Text c="dimmed" mt="sm">
          {rt('list.empty')}
        </Text>
      ) : null}
    </>
  );
}
