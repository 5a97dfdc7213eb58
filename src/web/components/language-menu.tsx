import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useUpdateLocale } from '@web/lib/use-update-locale';
import { useTranslation } from 'react-i18next';
import { type AppLanguage, localeOfLanguage, setLanguage, useLanguage } from '../lib/i18n';

const LANGUAGES: AppLanguage[] = ['de', 'en'];

/**
 * "Sprache": Deutsch / English. Signed in, the choice is saved with PUT
 * /api/session/locale (mails follow it too); the interface switches at once.
 */
export function LanguageMenu({ authenticated, fullWidth = false }: { authenticated: boolean; fullWidth?: boolean }) {
  const { t } = useTranslation('nav');
  const { t: tc } = useTranslation();
  const updateLocale = useUpdateLocale();
  const active = useLanguage();

  const choose = (language: AppLanguage) => {
    if (language === active) return;
    if (!authenticated) {
      void setLanguage(language);
      return;
    }
    updateLocale.mutate(localeOfLanguage(language), {
      onError: (error) => notifications.show({ color: 'red', title: t('languageFailed'), message: error.message }),
    });
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" fullWidth={fullWidth} justify={fullWidth ? 'flex-start' : 'center'}>
          {t('language')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => choose(language)}
            aria-current={language === active ? 'true' : undefined}
            fw={language === active ? 700 : undefined}
            leftSection={<span aria-hidden="true">{language === active ? '✓' : '\u00a0\u00a0'}</span>}
          >
            {tc(`languages.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
