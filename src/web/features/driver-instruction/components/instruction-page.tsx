import { Alert, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMe } from '@web/lib/use-me';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVersions } from '../api/use-versions';
import { InstructionDrivers } from './instruction-drivers';
import { InstructionMaterial } from './instruction-material';
import { OwnInstruction } from './own-instruction';

type View = 'own' | 'drivers' | 'material';

/** /fahrzeuge/unterweisung: drivers read and confirm; the fleet (fahrzeug_pflege) also sees the list and the material. */
export function InstructionPage() {
  const { t } = useTranslation('driverInstruction');
  const { t: tc } = useTranslation();
  useDocumentTitle(`${t('title')} · ${tc('appName')}`);
  const me = useMe();
  const fleet = me.permissions.includes('fahrzeug_pflege');
  const driver = me.permissions.includes('fahrzeug_buchen');
  const [view, setView] = useState<View>(driver ? 'own' : 'drivers');
  const versions = useVersions(fleet);
  const shown: View = fleet ? view : 'own';
  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }} maw={1280} mx="auto">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
      </Stack>
      {fleet && (
        <SegmentedControl
          value={shown}
          onChange={(v) => setView(v as View)}
          data={[
            ...(driver ? [{ value: 'own', label: t('views.own') }] : []),
            { value: 'drivers', label: t('views.drivers') },
            { value: 'material', label: t('views.material') },
          ]}
          aria-label={t('views.label')}
          maw={520}
        />
      )}
      {shown === 'own' && <OwnInstruction />}
      {shown !== 'own' && versions.isPending && <Loader size="sm" />}
      {shown !== 'own' && versions.isError && <Alert color="red">{versions.error.message}</Alert>}
      {shown === 'drivers' && versions.data && <InstructionDrivers versions={versions.data.versions} />}
      {shown === 'material' && versions.data && <InstructionMaterial data={versions.data} />}
    </Stack>
  );
}
