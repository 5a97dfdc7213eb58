import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isStaleChunkError, reloadOnce } from '../lib/reload-guard';
import { ErrorView } from './error-view';

/** errorComponent of the router: route guards (403), failed loads and render errors. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorReset = useQueryErrorResetBoundary();

  useEffect(() => {
    // A deployment replaced the code chunks this tab still refers to: load the new version once.
    if (isStaleChunkError(error)) reloadOnce();
  }, [error]);

  const onReset = () => {
    queryErrorReset.reset();
    reset();
    void router.navigate({ to: '/' }).then(() => router.invalidate());
  };

  return <ErrorView error={error} onReset={onReset} />;
}
