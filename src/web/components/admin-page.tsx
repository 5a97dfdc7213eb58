import { Anchor, Breadcrumbs, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Frame of an admin section: a way back to the admin overview above the section's content. */
export function AdminPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="md" maw={1200}>
      <Breadcrumbs aria-label={t('breadcrumb')}>
        <Anchor component={Link} to="/admin" size="sm">
          {t('breadcrumb')}
        </Anchor>
      </Breadcrumbs>
      {children}
    </Stack>
  );
}
