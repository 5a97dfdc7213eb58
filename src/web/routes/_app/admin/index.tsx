import type { MenuEntry } from '@domain/navigation';
import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { menuFor, menuLabel } from '@web/components/main-nav';
import { admin as adminTexts } from '@web/i18n/de/admin';
import { useMe } from '@web/lib/use-me';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

type DescriptionKey = keyof typeof adminTexts.index.descriptions;
function hasDescription(key: string): key is DescriptionKey {
  return Object.hasOwn(adminTexts.index.descriptions, key);
}

export const Route = createFileRoute('/_app/admin/')({
  component: AdminIndexPage,
});

function SectionCard({ entry }: { entry: MenuEntry }) {
  const { t } = useTranslation('admin');
  const { t: tn } = useTranslation('nav');
  const label = menuLabel(tn, entry.key);
  const description = hasDescription(entry.key) ? t(`index.descriptions.${entry.key}`) : undefined;
  const navigate = useNavigate();
  // The menu lists only pages that exist, so every section card opens its page.
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ href: entry.path });
  };
  return (
    <Card withBorder padding="lg" component="section" aria-label={label}>
      <Stack gap="xs" h="100%">
        <Title order={2} size="h3">
          {label}
        </Title>
        {description ? <Text size="sm">{description}</Text> : null}
        <div style={{ marginTop: 'auto' }}>
          <Button component="a" href={entry.path} onClick={open} variant="light" mt="xs">
            {t('index.open')}: {label}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

function AdminIndexPage() {
  const { t } = useTranslation('admin');
  const me = useMe();
  const sections = menuFor(me, 'admin');
  useDocumentTitle(`${t('index.title')} · Buchbar`);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('index.title')}</Title>
        <Text c="dimmed">{t('index.intro')}</Text>
      </Stack>
      {sections.length === 0 ? (
        <Text>{t('index.none')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {sections.map((entry) => (
            <SectionCard key={entry.key} entry={entry} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
