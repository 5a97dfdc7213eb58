import { Anchor, Button, FileButton, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { scanUrl, useLicenceScan } from '../api/use-licence-scan';

/**
 * The scan of one check (only shown when the organisation keeps scans): open,
 * replace or delete it, or upload one. Examiners only reach this drawer.
 */
export function ScanControls({ checkId, hasScan }: { checkId: string; hasScan: boolean }) {
  const { t } = useTranslation('licences');
  const { upload, remove } = useLicenceScan();
  const error = upload.error ?? remove.error;
  return (
    <Group gap="xs" wrap="wrap" data-scan={hasScan ? 'ja' : 'nein'}>
      {hasScan && (
        <Anchor href={scanUrl(checkId)} target="_blank" rel="noopener" size="sm">
          {t('scan.open')}
        </Anchor>
      )}
      <FileButton onChange={(file) => file && upload.mutate({ checkId, file })} accept="image/png,image/jpeg,application/pdf">
        {(props) => (
          <Button {...props} size="compact-sm" variant="light" loading={upload.isPending}>
            {hasScan ? t('scan.replace') : t('scan.upload')}
          </Button>
        )}
      </FileButton>
      {hasScan && (
        <Button size="compact-sm" variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate({ checkId })}>
          {t('scan.remove')}
        </Button>
      )}
      {error && (
        <Text size="sm" c="red" role="alert" w="100%">
          {error.message}
        </Text>
      )}
    </Group>
  );
}
