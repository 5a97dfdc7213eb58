import type { ReactNode } from 'react';
import { AppFrame } from './app-frame';

/** Reading-room sidebar layout: header, a sidebar (navigation + `sidebar`) that becomes the burger menu on phones, content. */
export function ReadingRoomSidebarLayout({ children, sidebar }: { children: ReactNode; sidebar?: ReactNode }) {
  return (
    <AppFrame layout="reading-room-sidebar" withSidebar sidebar={sidebar}>
      {children}
    </AppFrame>
  );
}
