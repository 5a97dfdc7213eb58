import { createFileRoute } from '@tanstack/react-router';
import { UserLayout } from '@web/components/layouts/user-layout';
import { LicencesPage } from '@web/features/licences/components/licences-page';
import { HttpStatusError } from '@web/lib/http-status-error';

/** SPEC §2: /fahrzeuge/fuehrerschein (user layout): driving-licence examiners (fahrzeug_fuehrerscheinpruefung). */
export const Route = createFileRoute('/_app/fahrzeuge/fuehrerschein')({
  beforeLoad: ({ context }) => {
    if (!context.me.permissions.includes('fahrzeug_fuehrerscheinpruefung')) {
      throw new HttpStatusError(403, 'no fahrzeug_fuehrerscheinpruefung');
    }
  },
  component: Page,
});

function Page() {
  return (
    <UserLayout>
      <LicencesPage />
    </UserLayout>
  );
}
