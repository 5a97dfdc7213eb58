import { createFileRoute, redirect } from '@tanstack/react-router';
import { startPath } from '../../../domain/navigation';

/** SPEC §2: / goes to the user's start page (Me.startPath, decided by the server). */
export const Route = createFileRoute('/_app/')({
  beforeLoad: ({ context }) => {
    const target = context.me.startPath;
    // Never redirect / to itself; fall back to the shared default rule.
    const href = target.startsWith('/') && target !== '/' ? target : startPath(new Set(context.me.features));
    throw redirect({ href, replace: true });
  },
});
