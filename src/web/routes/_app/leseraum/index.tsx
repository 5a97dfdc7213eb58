import { createFileRoute, redirect } from '@tanstack/react-router';

/** SPEC §2: /leseraum redirects to /leseraum/karte. */
export const Route = createFileRoute('/_app/leseraum/')({
  beforeLoad: () => {
    throw redirect({ to: '/leseraum/karte', replace: true });
  },
});
