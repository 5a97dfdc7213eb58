import { Alert, Button, Group, Select, Stack, TagsInput, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportSettings, useSaveReportSettings } from '../api/use-logbook-reports';

/** The vehicle report settings (docs/product.md#dialogs-and-panels): rhythm and recipients of the logbook report, for holders of the report right. */
export function ReportSettingsForm() {
  const { t } = useTranslation('logbook');
  const { t: tc } = useTranslation();
  const current = useReportSettings();
  const save = useSaveReportSettings();
  const [rhythm, setRhythm] = useState<string>('monatlich');
  const [addresses, setAddresses] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!current.data) return;
    setRhythm(current.data.rhythm);
    setAddresses(current.data.addresses);
  }, [current.data]);
  if (!current.data) return null;

  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({ rhythm, addresses });
      notifications.show({ color: 'green', message: t('logbook.reports.saved') });
    } catch (e) {
      setError(isApiError(e) ? e.message : tc('errors.unknown'));
    }
  };

  return (
    <Stack gap="xs" data-testid="report-settings">
      <Text fw={600} size="sm">
        {t('logbook.reports.settings')}
      </Text>
      <Group align="end" gap="xs" wrap="wrap">
        <Select
          label={t('logbook.reports.rhythm')}
          value={rhythm}
          onChange={(v) => v && setRhythm(v)}
          allowDeselect={false}
          data={current.data.rhythms.map((r) => ({ value: r, label: t(`logbook.reports.rhythms.${r as 'monatlich'}`) }))}
          w={200}
          comboboxProps={{ withinPortal: true }}
        />
        <TagsInput
          label={t('logbook.reports.addresses')}
          description={t('logbook.reports.addressesHint')}
          value={addresses}
          onChange={setAddresses}
          style={{ flex: 1, minWidth: 240 }}
        />
        <Button variant="light" onClick={() => void submit()} loading={save.isPending}>
          {t('logbook.reports.save')}
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
