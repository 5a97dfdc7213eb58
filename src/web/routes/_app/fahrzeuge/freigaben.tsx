import { createFileRoute } from '@tanstack/react-router';
import { UserLayout } from '@web/components/layouts/user-layout';
import { ApprovalsPage } from '@web/features/vehicles/components/approvals-page';
import { guardPage } from '@web/lib/route-guard';

/** docs/product.md#special-trips: /fahrzeuge/freigaben (user layout): approvers of special trips (fahrzeug_freigabe_von_sonderfahrten). */
export const Route = createFileRoute('/_app/fahrzeuge/freigaben')({
  beforeLoad: ({ context, location }) => guardPage(context.me, location.pathname),
  component: Page,
});

function Page() {
  return (
    <UserLayout>
      <ApprovalsPage />
    </UserLayout>
  );
}
