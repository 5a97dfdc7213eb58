import type { Me } from '@contracts/session';
import { Box, Burger, Button, Divider, Group, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, useRouterState } from '@tanstack/react-router';
import { useMe } from '@web/lib/use-me';
import { useTenant } from '@web/lib/use-tenant';
import { lazy, type ReactNode, Suspense, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppFooter } from '../app-footer';
import { Brand } from '../brand';
import type { HelpTopic } from '../help-dialog';
import { HelpButtons, HelpDialogHost } from '../help-dialogs';
import { HeaderNav, menuFor, SidebarNav } from '../main-nav';
import { OfflineNotice } from '../offline-notice';
import { UserMenuList, userName } from '../user-menu-list';
import { SettingsDialogSlot, type SettingsTab } from './settings-dialog-slot';

// Drop-down menus (Mantine Menu) load where they are shown: in the desktop header, or when the burger menu opens.
const LanguageMenu = lazy(() => import('../language-menu').then((m) => ({ default: m.LanguageMenu })));
const UserMenu = lazy(() => import('../user-menu').then((m) => ({ default: m.UserMenu })));

/** Stands in for a menu button while its code loads: same look, not yet operable. */
function MenuButtonPlaceholder({ label, variant, fullWidth = false }: { label: string; variant: 'subtle' | 'light'; fullWidth?: boolean }) {
  return (
    <Button variant={variant} fullWidth={fullWidth} justify={fullWidth ? 'flex-start' : 'center'} aria-disabled="true">
      {label}
    </Button>
  );
}

/** Mantine's md breakpoint (62em): from here on the header shows everything, below it the burger menu. */
const DESKTOP_QUERY = '(min-width: 62em)';
/** Header rows in px; app.css sets the same heights as --app-frame-header for the fixed parts. */
const ROW = 56;
const NAV_ROW = 44;

export interface AppFrameProps {
  children: ReactNode;
  /** Sidebar layouts: content shown under the navigation in the sidebar. */
  sidebar?: ReactNode;
  /** Sidebar layouts put the navigation into the sidebar instead of a second header row. */
  withSidebar?: boolean;
  /** Public page in the user layout (e.g. /leseraum/passwort): no user, a Login entry instead of the user menu. */
  anonymous?: boolean;
  /** data-layout attribute, for styling and tests. */
  layout: string;
}

interface ShellProps extends Omit<AppFrameProps, 'anonymous'> {
  me: Me | null;
  tenantName?: string;
}

function Shell({ children, sidebar, withSidebar = false, me, tenantName, layout }: ShellProps) {
  const { t } = useTranslation('nav');
  // The server knows no screen width: the first render (the server's, and the browser's that hydrates it) is the
  // desktop frame, a phone's follows after hydration (decision 207).
  const desktop = useMediaQuery(DESKTOP_QUERY, true);
  const [opened, { toggle, close }] = useDisclosure(false);
  const [help, setHelp] = useState<HelpTopic | null>(null);
  const [settings, setSettings] = useState<{ opened: boolean; used: boolean; tab: SettingsTab }>({
    opened: false,
    used: false,
    tab: 'profile',
  });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const SettingsDialog = useContext(SettingsDialogSlot);
  const entries = me ? menuFor(me, 'main') : [];
  const navRow = !withSidebar && entries.length > 0;

  // The drawer closes whenever the page or the layout changes, and only then: the effect may run again
  // without either changing (a re-render that hands over new dependencies), and must not close it then.
  const shown = useRef({ pathname, desktop });
  useEffect(() => {
    if (shown.current.pathname === pathname && shown.current.desktop === desktop) return;
    shown.current = { pathname, desktop };
    close();
  }, [pathname, desktop, close]);

  const openSettings = (tab: SettingsTab) => {
    close();
    setSettings({ opened: true, used: true, tab });
  };

  // The sidebar exists on desktop only in sidebar layouts; on phones it is the burger menu.
  // It is rendered only while visible, so hidden links never reach keyboard or screen reader.
  const showNavbar = desktop ? withSidebar : opened;

  return (
    // The frame is plain HTML with the rules in app.css (.app-frame): Mantine's AppShell brought 12 KB of
    // JavaScript (its media styles and react-remove-scroll) to every signed-in first screen (decision 168).
    <div className="app-frame" data-layout={layout} data-nav-row={navRow || undefined} data-with-sidebar={withSidebar || undefined}>
      <HelpDialogHost topic={help} onClose={() => setHelp(null)} />
      {/* right-scroll-bar-position: a modal's scroll lock (react-remove-scroll) keeps the fixed header in place. */}
      <header className="app-frame-header right-scroll-bar-position">
        <Group h={ROW} px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? t('closeMenu') : t('openMenu')}
              aria-expanded={opened}
            />
            <Brand tenantName={tenantName} to={me ? '/' : '/login'} />
          </Group>
          {desktop ? (
            <Group gap={4} wrap="nowrap">
              <HelpButtons />
              <Suspense fallback={<MenuButtonPlaceholder label={t('language')} variant="subtle" />}>
                <LanguageMenu authenticated={me !== null} />
              </Suspense>
              {me ? (
                <Suspense fallback={<MenuButtonPlaceholder label={userName(me)} variant="light" />}>
                  <UserMenu me={me} onOpenSettings={openSettings} />
                </Suspense>
              ) : (
                <Button component={Link} to="/login" variant="light">
                  {t('login')}
                </Button>
              )}
            </Group>
          ) : null}
        </Group>
        {navRow ? (
          <Box visibleFrom="md" px="md" h={NAV_ROW} style={{ borderTop: '1px solid var(--app-frame-border-color)' }}>
            <Group h="100%" gap={4}>
              <HeaderNav entries={entries} />
            </Group>
          </Box>
        ) : null}
      </header>

      {showNavbar ? (
        <nav className="app-frame-navbar" aria-label={t('menuTitle')}>
          {/* The browser's own scrolling: Mantine's ScrollArea (and the floating-ui code bundled with it) stays off the first screen. */}
          <div className="app-frame-navbar-section">
            <Stack gap="md">
              {entries.length > 0 ? <SidebarNav entries={entries} onNavigate={close} /> : null}
              {sidebar}
              {!desktop ? (
                <>
                  <Divider />
                  <Stack gap={2}>
                    <HelpButtons
                      fullWidth
                      onSelect={(topic) => {
                        close();
                        setHelp(topic);
                      }}
                    />
                    <Suspense fallback={<MenuButtonPlaceholder label={t('language')} variant="subtle" fullWidth />}>
                      <LanguageMenu authenticated={me !== null} fullWidth />
                    </Suspense>
                  </Stack>
                  <Divider />
                  {me ? (
                    <UserMenuList onOpenSettings={openSettings} />
                  ) : (
                    <Button component={Link} to="/login" variant="light" fullWidth>
                      {t('login')}
                    </Button>
                  )}
                </>
              ) : null}
            </Stack>
          </div>
        </nav>
      ) : null}

      <main className="app-frame-main">
        <Stack gap={0}>
          {/* The page fills at least the first screen, so the footer starts below it: a page whose lists
              arrive after the first paint would otherwise push a visible footer down (a layout shift;
              decision 172). */}
          <Box mih="calc(100dvh - var(--app-frame-header) - var(--mantine-spacing-md))" miw={0}>
            <OfflineNotice />
            {children}
          </Box>
          <AppFooter />
        </Stack>
      </main>

      {me && settings.used && SettingsDialog ? (
        <Suspense fallback={null}>
          <SettingsDialog opened={settings.opened} tab={settings.tab} onClose={() => setSettings((s) => ({ ...s, opened: false }))} />
        </Suspense>
      ) : null}
    </div>
  );
}

function SignedInShell(props: Omit<AppFrameProps, 'anonymous'>) {
  const me = useMe();
  return <Shell {...props} me={me} tenantName={me.tenant.name} />;
}

function AnonymousShell(props: Omit<AppFrameProps, 'anonymous'>) {
  const tenant = useTenant();
  return <Shell {...props} me={null} tenantName={tenant.data?.name} />;
}

/** Header + optional sidebar + content + footer, shared by the user and the sidebar layouts. */
export function AppFrame({ anonymous = false, ...props }: AppFrameProps) {
  return anonymous ? <AnonymousShell {...props} /> : <SignedInShell {...props} />;
}
