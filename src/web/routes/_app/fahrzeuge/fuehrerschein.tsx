import { createFileRoute } from '@tanstack/react-router';
import { UserLayout } from '@web/components/layouts/user-layout';
import { LicencesPage } from '@web/features/driving-licences/components/licences-page';
import { guardPage } from '@web/lib/route-guard';

/** docs/product.md#driving-licences: /fahrzeuge/fuehrerschein (user layout): driving-licence examiners (fahrzeug_fuehrerscheinpruefung). */
export const Route = createFileRoute('/_app/fahrzeuge/fuehrerschein')({
  beforeLoad: ({ context, location }) => guardPage(context.me, location.pathname),
  component: Page,
});

function Page() {
  return (
    <UserLayout>
      <LicencesPage />
    </UserLayout>
  );
}
