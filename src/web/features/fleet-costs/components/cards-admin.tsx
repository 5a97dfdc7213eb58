import type { Card } from '@contracts/fleet-costs';
import { berlinDay } from '@domain/opening-hours';
import { Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllCards } from '../api/use-all-cards';
import { CardFormModal } from './card-form';
import { germanDay } from './format';

/**
 * The fleet's cards in one list (docs/product.md#fleet-costs): which card sits in which car, until when it is valid
 * and which are blocked, so a lost card is found and blocked without opening every vehicle.
 */
export function FuelCardsAdmin({ vehicles }: { vehicles: { value: string; label: string }[] }) {
  const { t } = useTranslation('fleetCosts');
  const cards = useAllCards();
  const [editing, setEditing] = useState<Card | 'new' | null>(null);
  const list = cards.data?.cards ?? [];
  const today = berlinDay(new Date());
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="fuel-cards-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} size="h4" id="fuel-cards-title">
              {t('cards.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('cards.listIntro')}
            </Text>
          </div>
          <Button variant="light" onClick={() => setEditing('new')}>
            {t('cards.add')}
          </Button>
        </Group>
        {cards.isPending ? (
          <Loader />
        ) : list.length === 0 ? (
          <Text c="dimmed">{t('cards.noneFleet')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped data-testid="fuel-card-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('cards.card')}</Table.Th>
                  <Table.Th>{t('cards.kind')}</Table.Th>
                  <Table.Th>{t('cards.vehicle')}</Table.Th>
                  <Table.Th>{t('cards.validUntil')}</Table.Th>
                  <Table.Th>{t('cards.state')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((c) => {
                  const name = `${c.provider} ${c.masked}`;
                  const expired = c.validUntil !== null && c.validUntil < today;
                  return (
                    <Table.Tr key={c.id}>
                      <Table.Td>
                        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                          {name}
                        </Text>
                        {c.note && (
                          <Text size="xs" c="dimmed">
                            {c.note}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{t(`cardKind.${c.kind}`)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.vehiclePlate ?? t('cards.noVehicle')}</Table.Td>
                      <Table.Td>{c.validUntil ? germanDay(c.validUntil) : '–'}</Table.Td>
                      <Table.Td>
                        {c.retired ? (
                          <Badge color="red" variant="light">
                            {t('cards.retired')}
                          </Badge>
                        ) : expired ? (
                          <Badge color="orange" variant="light">
                            {t('cards.expired')}
                          </Badge>
                        ) : (
                          <Badge color="green" variant="light">
                            {t('cards.active')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => setEditing(c)}
                          aria-label={t('cards.editNamed', { card: name })}
                        >
                          {t('cards.editShort')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <CardFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        card={editing === 'new' ? null : editing}
        vehicles={vehicles}
      />
    </Paper>
  );
}
