import { NO_START_PAGE, startPath } from '@domain/navigation';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { UserLayout } from '@web/components/layouts/user-layout';
import { NoStartPage } from '@web/components/no-start-page';

/**
 * docs/product.md#start-page: / goes to the user's start page. The server's answer (Me.startPath)
 * passes through the same rule with the user's permissions, so the client never
 * sends anyone to a page they may not open; with none, / shows a friendly note.
 */
export const Route = createFileRoute('/_app/')({
  beforeLoad: ({ context }) => {
    const { me } = context;
    const href = startPath(new Set(me.permissions), new Set(me.features), me.startPath);
    if (href !== NO_START_PAGE) throw redirect({ href, replace: true });
  },
  component: () => (
    <UserLayout>
      <NoStartPage />
    </UserLayout>
  ),
});
