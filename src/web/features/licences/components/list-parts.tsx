import type { LicenceState } from '@domain/driving-licence';
import { Badge, Group, Pagination, Text } from '@mantine/core';
import { STATE_COLOURS } from '@web/components/own-licence-panel';
import { useTranslation } from 'react-i18next';

/** The licence state as a coloured badge with its German (or English) name: colour is never the only signal. */
export function StateBadge({ state }: { state: LicenceState }) {
  const { t } = useTranslation('licences');
  return (
    <Badge color={STATE_COLOURS[state]} variant="light" tt="none" data-state={state}>
      {t(`states.${state}`)}
    </Badge>
  );
}

/** Page switcher of the examiner's lists; hidden when everything fits on one page. */
export function ListPager({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('licences');
  if (pages <= 1) return null;
  return (
    <Group justify="center" gap="sm">
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': control === 'previous' ? t('previous') : t('next') })}
      />
      <Text size="sm" c="dimmed">
        {t('page', { page, pages })}
      </Text>
    </Group>
  );
}
