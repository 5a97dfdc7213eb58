import { formatDate } from '@domain/time';
import { isoToGerman } from '@domain/vehicle-time';
import { Alert, Card, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useMediaQueryAfterHydration } from '@web/lib/use-after-hydration';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGuestDrivers } from '../api/use-guest-drivers';
import { ListPager, ListSearchField, StateBadge, useListSearch } from './list-parts';

const PAGE_SIZE = 25;

/**
 * Guests who drove a vehicle that requires a class: the licence the reception
 * recorded at the hand-over (decision 140). Read-only here; a new check is
 * recorded with the next booking.
 */
export function GuestDrivers() {
  const { t } = useTranslation('licences');
  const phone = useMediaQueryAfterHydration('(max-width: 48em)', false);
  const [page, setPage] = useState(1);
  const search = useListSearch(() => setPage(1));
  const list = useGuestDrivers({ q: search.q, page, pageSize: PAGE_SIZE });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('guests.intro')}
      </Text>
      <ListSearchField {...search.field} placeholder={t('guests.searchPlaceholder')} />
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.isPending && <Loader size="sm" />}
      {data && (
        <>
          <Text size="sm" c="dimmed">
            {t('guests.count', { count: data.total })}
          </Text>
          {data.items.length === 0 && <Text>{t('guests.empty')}</Text>}
          {phone ? (
            <Stack gap="xs">
              {data.items.map((g) => (
                <Card key={g.guestEmail} withBorder padding="sm" data-guest-driver={g.guestEmail}>
                  <Stack gap={4}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600}>{g.guestName}</Text>
                      <StateBadge state={g.state} />
                    </Group>
                    <Text size="sm">
                      {t('columns.classes')}: {g.licence.classes.join(', ')}
                    </Text>
                    <Text size="sm">
                      {t('guests.lastBooking')}: {formatDate(g.lastBookingFrom)} · {g.vehicleLabel}
                    </Text>
                    <Text size="sm">
                      {t('columns.lastCheck')}: {isoToGerman(g.licence.lastCheck)} ({g.licence.examinerName})
                    </Text>
                  </Stack>
                </Card>
              ))}
            </Stack>
          ) : (
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.name')}</Table.Th>
                  <Table.Th>{t('columns.state')}</Table.Th>
                  <Table.Th>{t('columns.classes')}</Table.Th>
                  <Table.Th>{t('guests.number')}</Table.Th>
                  <Table.Th>{t('columns.lastCheck')}</Table.Th>
                  <Table.Th>{t('guests.lastBooking')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((g) => (
                  <Table.Tr key={g.guestEmail} data-guest-driver={g.guestEmail}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {g.guestName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {g.guestEmail}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StateBadge state={g.state} />
                    </Table.Td>
                    <Table.Td>{g.licence.classes.join(', ')}</Table.Td>
                    <Table.Td>{g.licence.licenceNumber}</Table.Td>
                    <Table.Td>
                      {isoToGerman(g.licence.lastCheck)}
                      <Text size="xs" c="dimmed">
                        {g.licence.examinerName}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {formatDate(g.lastBookingFrom)}
                      <Text size="xs" c="dimmed">
                        {g.vehicleLabel}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <ListPager page={page} pages={pages} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
