import { Card, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** Shown on `/` to a person who may open no page at all: a note, not an error. */
export function NoStartPage() {
  const { t } = useTranslation('nav');
  useDocumentTitle(`${t('noStartPage.title')} · Buchbar`);
  return (
    <Card withBorder padding="xl" maw={640} mx="auto" mt="xl" data-testid="no-start-page">
      <Stack gap="sm">
        <Title order={1} size="h2">
          {t('noStartPage.title')}
        </Title>
        <Text>{t('noStartPage.text')}</Text>
      </Stack>
    </Card>
  );
}
