import type { ReactNode } from 'react';
import { AppFrame } from './app-frame';

/** Workplace sidebar layout (/fahrzeuge, /arbeitswelt): header, a sidebar that becomes the burger menu on phones, content. */
export function WorkplaceSidebarLayout({ children, sidebar }: { children: ReactNode; sidebar?: ReactNode }) {
  return (
    <AppFrame layout="workplace-sidebar" withSidebar sidebar={sidebar}>
      {children}
    </AppFrame>
  );
}
