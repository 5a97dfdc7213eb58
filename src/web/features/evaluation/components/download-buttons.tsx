import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** CSV and Excel download of one table; plain links, so the browser saves the file the server names. */
export function DownloadButtons({ href, table }: { href: (format: 'csv' | 'xlsx') => string; table: string }) {
  const { t } = useTranslation('evaluation');
  return (
    <Group gap="xs">
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          component="a"
          href={href(format)}
          download
          size="compact-sm"
          variant="default"
          aria-label={t('download.label', { table, format: t(`download.${format}`) })}
        >
          {t(`download.${format}`)}
        </Button>
      ))}
    </Group>
  );
}
