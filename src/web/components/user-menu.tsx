import { Button, Menu } from '@mantine/core';
import { useLogout } from '@web/lib/use-logout';
import { useTranslation } from 'react-i18next';
import { type UserMenuProps, userName } from './user-menu-list';

/** Desktop: a menu under the user's name with Einstellungen, Passwort, Abmelden. */
export function UserMenu({ me, onOpenSettings }: UserMenuProps) {
  const { t } = useTranslation('nav');
  const logout = useLogout();
  const name = userName(me);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="light" title={t('userMenu', { name })}>
          {name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{me.user.email}</Menu.Label>
        <Menu.Item onClick={() => onOpenSettings('profile')}>{t('settings')}</Menu.Item>
        <Menu.Item onClick={() => onOpenSettings('password')}>{t('password')}</Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => logout.mutate()} disabled={logout.isPending}>
          {t('logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
