import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type AppLanguage, setLanguage, useLanguage } from '../lib/i18n';

const LANGUAGES: AppLanguage[] = ['de', 'en'];

/**
 * "Sprache" for pages without a signed-in user (login, recovery): two plain
 * buttons, no menu code on the first screen. The choice is kept in this browser.
 */
export function LanguageSwitch() {
  const { t } = useTranslation('nav');
  const { t: tc } = useTranslation();
  const active = useLanguage();
  return (
    <Group gap={4} role="group" aria-labelledby="language-switch-label">
      <Text size="sm" id="language-switch-label" c="dimmed">
        {t('language')}:
      </Text>
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size="compact-sm"
          variant={language === active ? 'light' : 'subtle'}
          aria-pressed={language === active}
          lang={language}
          onClick={() => void setLanguage(language)}
        >
          {tc(`languages.${language}`)}
        </Button>
      ))}
    </Group>
  );
}
