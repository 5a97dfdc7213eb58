import type { ownLicence } from '@contracts/driving-licences';
import { isoToGerman } from '@domain/vehicle-time';
import { Alert, Badge, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { licenceKeys } from '@web/lib/licence-keys';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

export const STATE_COLOURS = {
  gueltig: 'green',
  bald_faellig: 'yellow',
  ueberfaellig: 'red',
  fahrverbot: 'grape',
  keine_daten: 'gray',
} as const;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/** The driver's licence panel (docs/product.md#dialogs-and-panels) inside the settings: the own record, read-only. */
export function OwnLicencePanel() {
  const { t } = useTranslation('licences');
  const own = useQuery({
    queryKey: licenceKeys.own,
    queryFn: ({ signal }) => api.get<z.infer<typeof ownLicence>>('/api/driving-licences/me', { signal }),
  });
  if (own.isPending) return <Loader size="sm" />;
  if (own.isError) return <Alert color="red">{own.error.message}</Alert>;
  const { licence, state } = own.data;
  return (
    <Stack gap="sm" data-own-licence={state}>
      <Text size="sm">{t('own.intro')}</Text>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t('own.state')}:
        </Text>
        <Badge color={STATE_COLOURS[state]} variant="light" tt="none">
          {t(`states.${state}`)}
        </Badge>
      </Group>
      {licence ? (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Field label={t('own.classes')}>{licence.classes.join(', ') || t('none')}</Field>
            <Field label={t('own.number')}>{licence.licenceNumber}</Field>
            <Field label={t('own.issueDate')}>{isoToGerman(licence.issueDate)}</Field>
            <Field label={t('own.examiner')}>{licence.examinerName ?? t('none')}</Field>
            <Field label={t('own.lastCheck')}>{isoToGerman(licence.lastCheck)}</Field>
            <Field label={t('own.nextCheck')}>{isoToGerman(licence.nextCheck)}</Field>
            <Field label={t('own.ban')}>
              {licence.banFrom && licence.banTo
                ? t('entry.ban', { from: isoToGerman(licence.banFrom), to: isoToGerman(licence.banTo) })
                : t('own.noBan')}
            </Field>
            {licence.extraInfo && <Field label={t('own.extraInfo')}>{licence.extraInfo}</Field>}
          </SimpleGrid>
          {(state === 'bald_faellig' || state === 'ueberfaellig') && (
            <Alert color={state === 'ueberfaellig' ? 'red' : 'yellow'}>
              {t(state === 'ueberfaellig' ? 'own.overdueHint' : 'own.dueHint', { date: isoToGerman(licence.nextCheck) })}
            </Alert>
          )}
        </>
      ) : (
        <Alert color="gray">{t('own.none')}</Alert>
      )}
    </Stack>
  );
}
