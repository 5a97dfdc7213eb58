import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ReceiptForm } from './receipt-form';

/** The receipt after a trip (the trip-end dialog links here): one form, on a phone as on a desk. */
export function ReceiptPage({ vehicleId, bookingId }: { vehicleId: string; bookingId: string | null }) {
  const { t } = useTranslation('fleetCosts');
  const navigate = useNavigate();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {t('receipt.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('receipt.afterTrip')}
      </Text>
      <Paper withBorder p="md" radius="md">
        <ReceiptForm vehicleId={vehicleId} bookingId={bookingId} onSaved={() => void navigate({ to: '/fahrzeuge' })} />
      </Paper>
      <Anchor component={Link} to="/fahrzeuge" size="sm">
        ← {t('receipt.done')}
      </Anchor>
    </Stack>
  );
}
