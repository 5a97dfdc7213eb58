import { createFileRoute } from '@tanstack/react-router';
import { UserLayout } from '@web/components/layouts/user-layout';
import { InstructionPage } from '@web/features/driver-instruction/components/instruction-page';
import { guardPage } from '@web/lib/route-guard';

/** docs/product.md#driver-instruction: /fahrzeuge/unterweisung (user layout): drivers (fahrzeug_buchen) and the fleet (fahrzeug_pflege). */
export const Route = createFileRoute('/_app/fahrzeuge/unterweisung')({
  beforeLoad: ({ context, location }) => guardPage(context.me, location.pathname),
  component: Page,
});

function Page() {
  return (
    <UserLayout>
      <InstructionPage />
    </UserLayout>
  );
}
