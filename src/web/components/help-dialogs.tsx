import { Button } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HelpTopic } from './help-dialog';

const HelpDialog = lazy(() => import('./help-dialog'));

/** The help dialog for a topic, loaded on first use (docs/product.md#performance-budgets). */
export function HelpDialogHost({ topic, onClose }: { topic: HelpTopic | null; onClose: () => void }) {
  // Once loaded, the dialog stays mounted so that it can close with its animation.
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (topic !== null) setUsed(true);
  }, [topic]);
  return used || topic !== null ? (
    <Suspense fallback={null}>
      <HelpDialog topic={topic} onClose={onClose} />
    </Suspense>
  ) : null;
}

/**
 * Header entries "So funktioniert's" and "Regeln" with their modal dialogs (docs/product.md#header-menu). With `onSelect`
 * the caller shows the dialog: the phone menu closes when an entry is chosen, and a dialog kept in
 * the menu would close with it.
 */
export function HelpButtons({ fullWidth = false, onSelect }: { fullWidth?: boolean; onSelect?: (topic: HelpTopic) => void }) {
  const { t } = useTranslation('nav');
  const [topic, setTopic] = useState<HelpTopic | null>(null);
  const justify = fullWidth ? 'flex-start' : 'center';
  const open = onSelect ?? setTopic;
  return (
    <>
      <Button variant="subtle" fullWidth={fullWidth} justify={justify} onClick={() => open('howItWorks')}>
        {t('howItWorks')}
      </Button>
      <Button variant="subtle" fullWidth={fullWidth} justify={justify} onClick={() => open('rules')}>
        {t('rules')}
      </Button>
      {onSelect ? null : <HelpDialogHost topic={topic} onClose={() => setTopic(null)} />}
    </>
  );
}
