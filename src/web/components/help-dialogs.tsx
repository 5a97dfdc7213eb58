import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HelpTopic } from './help-dialog';

const HelpDialog = lazy(() => import('./help-dialog'));

/** Header entries "So funktioniert's" and "Regeln" with their modal dialogs (SPEC §2); the dialogs load on first use. */
export function HelpButtons({ fullWidth = false, onOpen }: { fullWidth?: boolean; onOpen?: () => void }) {
  const { t } = useTranslation('nav');
  const [topic, setTopic] = useState<HelpTopic | null>(null);
  const [used, setUsed] = useState(false);
  const justify = fullWidth ? 'flex-start' : 'center';
  const open = (next: HelpTopic) => {
    onOpen?.();
    setUsed(true);
    setTopic(next);
  };
  return (
    <>
      <Button variant="subtle" fullWidth={fullWidth} justify={justify} onClick={() => open('howItWorks')}>
        {t('howItWorks')}
      </Button>
      <Button variant="subtle" fullWidth={fullWidth} justify={justify} onClick={() => open('rules')}>
        {t('rules')}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <HelpDialog topic={topic} onClose={() => setTopic(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
