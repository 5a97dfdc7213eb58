import { Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminLockers, useOfficePlans } from '../api/use-admin-lockers';
import { useSaveLocker } from '../api/use-save-locker';
import { PlanWithLockers } from './plan-with-lockers';

/** Room admins place lockers on office plans like seats: pick a plan, type a number, click the spot. */
export function LockerAdmin() {
  const { t } = useTranslation('evaluation');
  const plans = useOfficePlans(true);
  const [planId, setPlanId] = useState<string | null>(null);
  const [number, setNumber] = useState('');
  const current = plans.data?.floorPlans.find((p) => p.id === planId) ?? null;
  const lockers = useAdminLockers(current ? current.id : null);
  const save = useSaveLocker();
  const failed = (e: Error) => notifications.show({ color: 'red', message: e.message });

  const add = (posX: number, posY: number) => {
    if (!current || number.trim() === '') return;
    save.mutate(
      { floorPlanId: current.id, number, posX, posY },
      {
        onSuccess: ({ locker }) => {
          notifications.show({ color: 'green', message: t('lockers.admin.added', { number: locker.number }) });
          const next = Number(locker.number);
          setNumber(Number.isInteger(next) ? String(next + 1) : '');
        },
        onError: failed,
      },
    );
  };
  const list = lockers.data?.lockers ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-label={t('lockers.admin.title')}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('lockers.admin.title')}
        </Title>
        <Text size="sm">{t('lockers.admin.intro')}</Text>
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('lockers.admin.floorPlan')}
            data={(plans.data?.floorPlans ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={planId}
            onChange={setPlanId}
            w={260}
          />
          <TextInput
            label={t('lockers.admin.number')}
            value={number}
            onChange={(e) => setNumber(e.currentTarget.value)}
            w={120}
            maxLength={20}
          />
          {current ? <Badge variant="light">{t('lockers.admin.count', { count: list.length })}</Badge> : null}
        </Group>
        {current && number.trim() !== '' && current.imageUrl ? (
          <Text size="sm" fw={500}>
            {t('lockers.admin.place', { number: number.trim() })}
          </Text>
        ) : null}
        {current?.imageUrl ? (
          <PlanWithLockers
            imageUrl={current.imageUrl}
            alt={current.name}
            onPlan={add}
            lockers={list.map((l) => ({
              ...l,
              state: l.active ? 'free' : 'inactive',
              label: `${l.number}${l.active ? '' : ` (${t('lockers.admin.inactive')})`}`,
            }))}
          />
        ) : null}
        {current && !current.imageUrl ? (
          <Group>
            <Text size="sm">{t('lockers.noImage')}</Text>
            <Button size="compact-sm" disabled={number.trim() === ''} onClick={() => add(50, 50)}>
              {t('lockers.admin.title')}
            </Button>
          </Group>
        ) : null}
        {list.length > 0 ? (
          <Table fz="sm" maw={520}>
            <Table.Tbody>
              {list.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td fw={600}>{l.number}</Table.Td>
                  <Table.Td>{l.active ? null : <Badge color="gray">{t('lockers.admin.inactive')}</Badge>}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => save.mutate({ id: l.id, active: !l.active }, { onError: failed })}
                    >
                      {l.active ? t('lockers.admin.deactivate') : t('lockers.admin.activate')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Card>
  );
}
