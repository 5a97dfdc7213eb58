import { createFileRoute, redirect } from '@tanstack/react-router';

/** /arbeitswelt shows the workplace map (like /leseraum → /leseraum/karte). */
export const Route = createFileRoute('/_app/arbeitswelt/')({
  beforeLoad: () => {
    throw redirect({ to: '/arbeitswelt/karte', replace: true });
  },
});
