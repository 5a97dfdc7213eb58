import type { Card } from '@contracts/fleet-costs';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteReceipt } from '../api/use-delete-receipt';
import { type ReceiptList, useReceipts } from '../api/use-receipts';
import { useSaveCapacity } from '../api/use-save-capacity';
import { useVehicleCards } from '../api/use-vehicle-cards';
import { CardFormModal } from './card-form';
import { germanDay, useCostFormat } from './format';
import { ReceiptForm } from './receipt-form';

/** The vehicle detail's costs tab: its receipts, cards and capacities; the fleet edits, report holders read. */
export function CostsTab({ vehicleId, mayEdit, electric }: { vehicleId: string; mayEdit: boolean; electric: boolean }) {
  const { t } = useTranslation('fleetCosts');
  const { euro, n } = useCostFormat();
  const receipts = useReceipts(vehicleId);
  const remove = useDeleteReceipt(vehicleId);
  const [adding, setAdding] = useState(false);
  if (receipts.isPending) return <Loader />;
  const list = receipts.data?.receipts ?? [];
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('receipts')}
        </Title>
        <Button onClick={() => setAdding(true)}>{t('receipt.add')}</Button>
      </Group>
      {list.length === 0 ? (
        <Text c="dimmed">{t('receipt.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped data-testid="receipt-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('receipt.day')}</Table.Th>
                <Table.Th>{t('receipt.kind')}</Table.Th>
                <Table.Th ta="right">{t('receipt.litres')} / kWh</Table.Th>
                <Table.Th ta="right">{t('receipt.amount')}</Table.Th>
                <Table.Th ta="right">{t('receipt.odometer')}</Table.Th>
                <Table.Th>{t('receipt.card')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{germanDay(r.day)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge variant="light" color={r.kind === 'laden' ? 'teal' : r.kind === 'kraftstoff' ? 'orange' : 'gray'}>
                        {t(`kind.${r.kind}`)}
                      </Badge>
                      {r.fromTrip && (
                        <Text size="xs" c="dimmed">
                          {t('receipt.fromTrip')}
                        </Text>
                      )}
                      {r.note && <Text size="xs">{r.note}</Text>}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{r.litres !== null ? `${n(r.litres)} l` : r.kwh !== null ? `${n(r.kwh)} kWh` : '–'}</Table.Td>
                  <Table.Td ta="right">{euro(r.amount)}</Table.Td>
                  <Table.Td ta="right">{r.odometer === null ? '–' : `${n(r.odometer)} km`}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.card ?? '–'}</Text>
                    {r.photo && (
                      <Anchor href={r.photo.url} target="_blank" size="xs">
                        {t('receipt.photoLink')}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {mayEdit && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('receipt.delete')}
                        onClick={() =>
                          remove.mutate(r.id, { onSuccess: () => notifications.show({ color: 'green', message: t('receipt.deleted') }) })
                        }
                      >
                        ×
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Cards vehicleId={vehicleId} mayEdit={mayEdit} />
        {receipts.data && <Capacity vehicleId={vehicleId} capacity={receipts.data.capacity} mayEdit={mayEdit} />}
      </SimpleGrid>
      <Modal opened={adding} onClose={() => setAdding(false)} title={t('receipt.title')} size="lg">
        <ReceiptForm vehicleId={vehicleId} electric={electric} onSaved={() => setAdding(false)} />
      </Modal>
    </Stack>
  );
}

function Cards({ vehicleId, mayEdit }: { vehicleId: string; mayEdit: boolean }) {
  const { t } = useTranslation('fleetCosts');
  const cards = useVehicleCards(vehicleId);
  // null: closed; 'new': a new card for this vehicle; a card: that card
  const [editing, setEditing] = useState<Card | 'new' | null>(null);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {t('cards.title')}
          </Title>
          {mayEdit && (
            <Button size="xs" variant="light" onClick={() => setEditing('new')}>
              {t('cards.add')}
            </Button>
          )}
        </Group>
        {(cards.data?.cards ?? []).length === 0 && <Text c="dimmed">{t('cards.none')}</Text>}
        {(cards.data?.cards ?? []).map((c) => (
          <Group key={c.id} gap="xs" data-testid="fuel-card" wrap="nowrap">
            <Badge variant="outline">{t(`cardKind.${c.kind}`)}</Badge>
            <Text size="sm">
              {c.provider} {c.masked}
            </Text>
            {c.validUntil && (
              <Text size="xs" c="dimmed">
                {t('cards.validUntil')} {germanDay(c.validUntil)}
              </Text>
            )}
            {mayEdit && (
              <Button
                size="compact-xs"
                variant="subtle"
                ml="auto"
                onClick={() => setEditing(c)}
                aria-label={t('cards.editNamed', { card: `${c.provider} ${c.masked}` })}
              >
                {t('cards.editShort')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      <CardFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        card={editing === 'new' ? null : editing}
        vehicleId={vehicleId}
      />
    </Paper>
  );
}

function Capacity({ vehicleId, capacity, mayEdit }: { vehicleId: string; capacity: ReceiptList['capacity']; mayEdit: boolean }) {
  const { t } = useTranslation('fleetCosts');
  const { t: tc } = useTranslation();
  const save = useSaveCapacity(vehicleId);
  const [tank, setTank] = useState<number | ''>(capacity.tankLitres ?? '');
  const [battery, setBattery] = useState<number | ''>(capacity.batteryKwh ?? '');
  const [error, setError] = useState<string | null>(null);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('capacity.title')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('capacity.hint')}
        </Text>
        <SimpleGrid cols={2}>
          <NumberInput
            label={t('capacity.tank')}
            value={tank}
            onChange={(v) => setTank(typeof v === 'number' ? v : '')}
            min={1}
            decimalSeparator=","
            disabled={!mayEdit}
          />
          <NumberInput
            label={t('capacity.battery')}
            value={battery}
            onChange={(v) => setBattery(typeof v === 'number' ? v : '')}
            min={1}
            decimalSeparator=","
            disabled={!mayEdit}
          />
        </SimpleGrid>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {mayEdit && (
          <Group justify="flex-end">
            <Button
              size="xs"
              loading={save.isPending}
              onClick={() =>
                save.mutate(
                  { tankLitres: tank === '' ? null : tank, batteryKwh: battery === '' ? null : battery },
                  {
                    onSuccess: () => notifications.show({ color: 'green', message: t('capacity.saved') }),
                    onError: (e) => setError(isApiError(e) ? e.message : tc('errors.unknown')),
                  },
                )
              }
            >
              {t('capacity.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
