import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTenant } from '@web/lib/use-tenant';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppFooter } from '../app-footer';
import { LanguageSwitch } from '../language-switch';

/** Login layout: a centred card with the tenant's name, language switch above, footer below. */
export function LoginLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const tenant = useTenant();
  return (
    <Box mih="100dvh" bg="gray.0" data-layout="login" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="flex-end" px="md" pt="sm">
        <LanguageSwitch />
      </Group>
      <Center component="main" style={{ flex: 1 }} px="md" py="lg">
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
          <Stack gap="lg">
            <Stack gap={2} align="center">
              <Title order={1} c="buchbar.8" fz={32}>
                {t('appName')}
              </Title>
              {tenant.data ? (
                <Text c="dimmed" ta="center">
                  {tenant.data.name}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Center>
      <AppFooter />
    </Box>
  );
}
