import type { Me } from '@contracts/session';
import { NavLink, Stack } from '@mantine/core';
import { useLogout } from '@web/lib/use-logout';
import { useTranslation } from 'react-i18next';
import type { SettingsTab } from './layouts/settings-dialog-slot';

export interface UserMenuProps {
  me: Me;
  onOpenSettings: (tab: SettingsTab) => void;
}

/** The name on the user menu button. */
export const userName = (me: Me) => `${me.user.firstName} ${me.user.lastName}`.trim() || me.user.email;

/** Phones: the same three entries, listed in the burger menu. */
export function UserMenuList({ onOpenSettings }: Pick<UserMenuProps, 'onOpenSettings'>) {
  const { t } = useTranslation('nav');
  const logout = useLogout();
  return (
    <Stack gap={2}>
      <NavLink component="button" type="button" label={t('settings')} onClick={() => onOpenSettings('profile')} />
      <NavLink component="button" type="button" label={t('password')} onClick={() => onOpenSettings('password')} />
      <NavLink component="button" type="button" label={t('logout')} disabled={logout.isPending} onClick={() => logout.mutate()} />
    </Stack>
  );
}
