import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';

/** Mantine's modal manager; loaded with the first confirmation dialog (see deferred-overlays.tsx). */
export default function LazyModalsProvider({ onReady }: { onReady: () => void }) {
  // ModalsProvider subscribes to the modal events in its own effect, which runs before this one.
  useEffect(() => onReady(), [onReady]);
  return <ModalsProvider />;
}
