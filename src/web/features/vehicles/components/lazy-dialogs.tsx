import { type ComponentProps, lazy, Suspense, useState } from 'react';
import type { BookingDialog as BookingDialogImpl } from './booking-dialog';
import type { SeriesCancelDialog as SeriesCancelDialogImpl } from './series-cancel-dialog';
import type { EndTripDialog as EndTripDialogImpl, StartTripDialog as StartTripDialogImpl } from './trip-dialogs';

/**
 * The booking and trip dialogs (date picker, number, slider and file inputs)
 * load with their first opening, not with /fahrzeuge (docs/product.md#performance-budgets, decision
 * 006). Once opened they stay mounted, so the modal can animate closing.
 */
const LazyBooking = lazy(() => import('./booking-dialog').then((m) => ({ default: m.BookingDialog })));
const LazyStartTrip = lazy(() => import('./trip-dialogs').then((m) => ({ default: m.StartTripDialog })));
const LazySeriesCancel = lazy(() => import('./series-cancel-dialog').then((m) => ({ default: m.SeriesCancelDialog })));
const LazyEndTrip = lazy(() => import('./trip-dialogs').then((m) => ({ default: m.EndTripDialog })));

function useOnceTrue(value: boolean) {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

export function BookingDialog(props: ComponentProps<typeof BookingDialogImpl>) {
  return useOnceTrue(props.opened) ? (
    <Suspense fallback={null}>
      <LazyBooking {...props} />
    </Suspense>
  ) : null;
}

export function StartTripDialog(props: ComponentProps<typeof StartTripDialogImpl>) {
  return useOnceTrue(props.booking !== null) ? (
    <Suspense fallback={null}>
      <LazyStartTrip {...props} />
    </Suspense>
  ) : null;
}

export function EndTripDialog(props: ComponentProps<typeof EndTripDialogImpl>) {
  return useOnceTrue(props.booking !== null) ? (
    <Suspense fallback={null}>
      <LazyEndTrip {...props} />
    </Suspense>
  ) : null;
}

export function SeriesCancelDialog(props: ComponentProps<typeof SeriesCancelDialogImpl>) {
  return useOnceTrue(props.booking !== null) ? (
    <Suspense fallback={null}>
      <LazySeriesCancel {...props} />
    </Suspense>
  ) : null;
}
