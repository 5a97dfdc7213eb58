import { Alert, Button, CopyButton, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A secret right after it was made: shown this once, to copy; the server keeps only its hash or its encryption. */
export function SecretOnce({ message, label, value }: { message: string; label: string; value: string }) {
  const { t } = useTranslation('integrations');
  return (
    <Stack gap="xs" data-secret-once>
      <Alert color="green" role="status">
        {message}
      </Alert>
      <TextInput
        label={label}
        value={value}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <Group gap="xs">
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? t('copied') : t('copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
