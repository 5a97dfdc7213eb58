import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/** Kiosk layout: full screen, no header, no footer, no scrolling of the page itself. */
export function KioskLayout({ children }: { children: ReactNode }) {
  return (
    <Box component="main" h="100dvh" w="100%" p="md" data-layout="kiosk" style={{ overflow: 'hidden' }}>
      {children}
    </Box>
  );
}
