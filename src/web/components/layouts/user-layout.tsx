import type { ReactNode } from 'react';
import { AppFrame } from './app-frame';

/** User layout: header with the menu, content, footer. `anonymous` for public pages such as /leseraum/passwort. */
export function UserLayout({ children, anonymous = false }: { children: ReactNode; anonymous?: boolean }) {
  return (
    <AppFrame layout="user" anonymous={anonymous}>
      {children}
    </AppFrame>
  );
}
