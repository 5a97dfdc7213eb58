import { Alert, Button, FileInput, Group, Modal, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadCareFile } from '../api/upload-care-file';
import { useReportDamage } from '../api/use-report-damage';

/** Reports a damage with photos at any time; the fleet management gets the text by mail at once. */
export function DamageReportDialog({ vehicleId, onClose }: { vehicleId: string; onClose: () => void }) {
  const { t } = useTranslation('vehicleCare');
  const { t: tc } = useTranslation();
  const report = useReportDamage(vehicleId);
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const photos = await Promise.all(files.map((f) => uploadCareFile(vehicleId, f)));
      await report.mutateAsync({ description, photos });
      notifications.show({ color: 'green', message: t('damages.reportedOk') });
      onClose();
    } catch (e) {
      setError(isApiError(e) ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('damages.reportTitle')} size="lg">
      <Stack gap="sm">
        <Textarea
          label={t('damages.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          required
          autosize
          minRows={3}
        />
        <FileInput
          label={t('damages.photos')}
          description={t('service.fields.receiptsHint')}
          accept="image/png,image/jpeg,application/pdf"
          multiple
          clearable
          value={files}
          onChange={setFiles}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tc('actions.cancel')}
          </Button>
          <Button onClick={submit} loading={busy} disabled={!description.trim()}>
            {t('damages.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
