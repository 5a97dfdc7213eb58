import type { Me } from '@contracts/session';
import { type MenuEntry, visibleMenu } from '@domain/navigation';
import { Button, Group, NavLink, Stack } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { nav } from '../i18n/de/nav';
import { LicenceDueBadge } from './licence-due-badge';

type MenuKey = keyof typeof nav.menu;

function isMenuKey(key: string): key is MenuKey {
  return Object.hasOwn(nav.menu, key);
}

/** Label of a navigation key (src/domain/navigation.ts MENU); unknown keys show as they are. */
export function menuLabel(t: TFunction<'nav'>, key: string): string {
  return isMenuKey(key) ? t(`menu.${key}`) : key;
}

/** The user's menu, exactly as the shared domain rules decide (never a permission check of our own). */
export function menuFor(me: Pick<Me, 'permissions' | 'features'>, section: MenuEntry['section']): MenuEntry[] {
  return visibleMenu(new Set(me.permissions), new Set(me.features)).filter((entry) => entry.section === section);
}

/** The entry the current path belongs to: the longest path that is the path itself or a parent of it. */
function activePath(entries: readonly MenuEntry[], pathname: string): string | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return entries.filter((e) => path === e.path || path.startsWith(`${e.path}/`)).sort((a, b) => b.path.length - a.path.length)[0]?.path;
}

function useMenuNavigation(onNavigate?: () => void) {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const follow = (event: MouseEvent<HTMLAnchorElement>, path: string) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate?.();
    void navigate({ href: path });
  };
  return { pathname, follow };
}

/** Main navigation as a row of links (desktop header). */
export function HeaderNav({ entries }: { entries: readonly MenuEntry[] }) {
  const { t } = useTranslation('nav');
  const { pathname, follow } = useMenuNavigation();
  const active = activePath(entries, pathname);
  return (
    <Group component="nav" gap={4} wrap="nowrap" aria-label={t('mainNavigation')}>
      {entries.map((entry) => (
        <Button
          key={entry.key}
          component="a"
          href={entry.path}
          size="compact-md"
          variant={entry.path === active ? 'light' : 'subtle'}
          rightSection={entry.key === 'licences' ? <LicenceDueBadge /> : undefined}
          aria-current={entry.path === active ? 'page' : undefined}
          onClick={(event: MouseEvent<HTMLAnchorElement>) => follow(event, entry.path)}
        >
          {menuLabel(t, entry.key)}
        </Button>
      ))}
    </Group>
  );
}

/** Main navigation as a vertical list (sidebar and phone menu). */
export function SidebarNav({ entries, onNavigate }: { entries: readonly MenuEntry[]; onNavigate?: () => void }) {
  const { t } = useTranslation('nav');
  const { pathname, follow } = useMenuNavigation(onNavigate);
  const active = activePath(entries, pathname);
  return (
    <Stack component="nav" gap={2} aria-label={t('mainNavigation')}>
      {entries.map((entry) => (
        <NavLink
          key={entry.key}
          href={entry.path}
          label={menuLabel(t, entry.key)}
          rightSection={entry.key === 'licences' ? <LicenceDueBadge /> : undefined}
          active={entry.path === active}
          aria-current={entry.path === active ? 'page' : undefined}
          onClick={(event: MouseEvent<HTMLAnchorElement>) => follow(event, entry.path)}
        />
      ))}
    </Stack>
  );
}
