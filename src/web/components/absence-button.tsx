import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog (Modal with its focus trap, date inputs, table) loads on the first click, not with the map or the sidebar (docs/product.md#performance-budgets).
const AbsenceDialog = lazy(() => import('./absence-dialog'));

/** „Ich bin abwesend“ in the sidebar and on the phone's map screen (decision 092). */
export function AbsenceButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" color="orange" onClick={() => setOpen(true)} data-testid="absence-button">
        {t('absence.button')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <AbsenceDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
