import type { OpenConfirmModal } from '@mantine/modals';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * Toasts and confirmation dialogs are not part of the first screen (docs/product.md#performance-budgets,
 * decision 006): the container of @mantine/notifications loads with the first
 * notification (`notifications.show` only writes to the store), the modal
 * manager of @mantine/modals with the first `openConfirmModal`.
 */
const NotificationsContainer = lazy(() => import('./notifications-container'));
const ModalsProvider = lazy(() => import('./modals-provider'));

let mountModals: (() => void) | null = null;
let modalsReady: () => void = () => {};
const modalsMounted = new Promise<void>((resolve) => {
  modalsReady = resolve;
});

function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  ) : null;
}

function DeferredModals() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    mountModals = () => setNeeded(true);
    return () => {
      mountModals = null;
    };
  }, []);
  return needed ? (
    <Suspense fallback={null}>
      <ModalsProvider onReady={modalsReady} />
    </Suspense>
  ) : null;
}

/** Mounted once beside the router (main.tsx). */
export function DeferredOverlays() {
  return (
    <>
      <DeferredNotifications />
      <DeferredModals />
    </>
  );
}

/** `modals.openConfirmModal` of @mantine/modals, loading the modal manager on first use. */
export async function openConfirmModal(payload: OpenConfirmModal): Promise<void> {
  mountModals?.();
  const [{ modals }] = await Promise.all([import('@mantine/modals'), modalsMounted]);
  modals.openConfirmModal(payload);
}
