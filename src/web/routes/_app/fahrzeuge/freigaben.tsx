import { createFileRoute } from '@tanstack/react-router';
import { UserLayout } from '@web/components/layouts/user-layout';
import { ApprovalsPage } from '@web/features/vehicles/components/approvals-page';
import { HttpStatusError } from '@web/lib/http-status-error';

/** SPEC §2: /fahrzeuge/freigaben (user layout): approvers of special trips (fahrzeug_freigabe_von_sonderfahrten). */
export const Route = createFileRoute('/_app/fahrzeuge/freigaben')({
  beforeLoad: ({ context }) => {
    if (!context.me.permissions.includes('fahrzeug_freigabe_von_sonderfahrten')) {
      throw new HttpStatusError(403, 'no fahrzeug_freigabe_von_sonderfahrten');
    }
  },
  component: Page,
});

function Page() {
  return (
    <UserLayout>
      <ApprovalsPage />
    </UserLayout>
  );
}
