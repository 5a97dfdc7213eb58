import { createFileRoute } from '@tanstack/react-router';
import { BaseLayout } from '../components/layouts/base-layout';
import { LoadingScreen } from '../components/loading-screen';

export const Route = createFileRoute('/ladebildschirm')({
  component: LoadingPage,
});

function LoadingPage() {
  return (
    <BaseLayout>
      <LoadingScreen />
    </BaseLayout>
  );
}
