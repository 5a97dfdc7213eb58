import { createFileRoute, redirect } from '@tanstack/react-router';

/** docs/product.md#screens: /leseraum redirects to /leseraum/karte. */
export const Route = createFileRoute('/_app/leseraum/')({
  beforeLoad: () => {
    throw redirect({ to: '/leseraum/karte', replace: true });
  },
});
