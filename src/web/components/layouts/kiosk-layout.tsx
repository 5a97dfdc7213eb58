import type { ReactNode } from 'react';
import { Box } from '@mantine/core';

/** Kiosk layout: full screen, no header, no footer, no scrolling of the page itself. */
export function KioskLayout({ children }: { children: ReactNode }) {
  return (
    <Box component="main" h="100dvh" w="100%" p="md" data-layout="kiosk" style={{ overflow: 'hidden' }}>
      {children}
    </Box>
  );
}
