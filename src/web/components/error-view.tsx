import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  if (typeof status === 'number' && status > 0) return status;
  if (typeof statusCode === 'number' && statusCode > 0) return statusCode;
  return undefined;
}

function messageOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/** The error page (docs/product.md#error-pages): 'Serverside Error', 'Fehler:' with status and message, and a Reset Error button. */
export function ErrorView({ error, onReset }: { error: unknown; onReset: () => void }) {
  const { t } = useTranslation();
  const status = statusOf(error);
  const message = messageOf(error, t('errors.unknown'));
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" role="alert">
        <Title order={1}>{t('errors.serverside')}</Title>
        <Text size="lg" data-testid="error-detail">
          {t('errors.prefix')} {status !== undefined ? `${status} ` : ''}
          {message}
        </Text>
        <div>
          <Button onClick={onReset}>{t('errors.reset')}</Button>
        </div>
      </Stack>
    </Container>
  );
}
