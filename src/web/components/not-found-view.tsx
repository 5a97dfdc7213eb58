import { Anchor, Container, Stack, Title } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** A missing page shows 'Page Not Found: {path}' (docs/product.md#error-pages). */
export function NotFoundView() {
  const { t } = useTranslation();
  const path = useRouterState({ select: (state) => state.location.pathname });
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('errors.notFound', { path })}</Title>
        <Anchor component={Link} to="/">
          {t('actions.toHome')}
        </Anchor>
      </Stack>
    </Container>
  );
}
