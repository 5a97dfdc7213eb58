import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/** Base layout: nothing around the content (loading screen, public cancellation page). */
export function BaseLayout({ children }: { children: ReactNode }) {
  return (
    <Box component="main" mih="100dvh" data-layout="base">
      {children}
    </Box>
  );
}
