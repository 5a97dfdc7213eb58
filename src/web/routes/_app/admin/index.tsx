import { createFileRoute, Link } from '@tanstack/react-router';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '../../../../domain/navigation';
import { menuFor, menuLabel } from '../../../components/main-nav';
import { useMe } from '../../../features/session/api/use-me';
import { admin as adminTexts } from '../../../i18n/de/admin';

/** Admin sections that have a screen already; the others are listed as "in Vorbereitung". */
const BUILT = ['/admin/benutzer', '/admin/einstellungen', '/admin/raeume', '/admin/fahrzeuge'] as const;
type BuiltPath = (typeof BUILT)[number];

function isBuilt(path: string): path is BuiltPath {
  return (BUILT as readonly string[]).includes(path);
}

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
  const built = isBuilt(entry.path);
  return (
    <Card withBorder padding="lg" component="section" aria-label={label}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h3">
            {label}
          </Title>
          {!built ? (
            <Badge variant="light" color="gray" tt="none">
              {t('index.inPreparation')}
            </Badge>
          ) : null}
        </Group>
        {description ? <Text size="sm">{description}</Text> : null}
        <div style={{ marginTop: 'auto' }}>
          {isBuilt(entry.path) ? (
            <Button component={Link} to={entry.path} variant="light" mt="xs">
              {t('index.open')}: {label}
            </Button>
          ) : (
            <Text size="sm" c="dimmed" mt="xs">
              {t('index.inPreparationHint')}
            </Text>
          )}
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
