import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isStaleChunkError, reloadOnce } from '../lib/reload-guard';
import { ErrorView } from './error-view';

interface State {
  error: unknown;
  hasError: boolean;
}

/**
 * Last line of defence around the whole app (providers included): an error the
 * router's own boundaries do not catch still ends on the error page, and
 * Reset Error starts over at the home page with a full load.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isStaleChunkError(error)) reloadOnce();
    console.error('Unhandled error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    return <ErrorView error={this.state.error} onReset={() => window.location.assign('/')} />;
  }
}
