import { formatDate } from '@domain/time';
import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { VehicleCare } from '../api/use-vehicle-care';

/** DEFEKT (blocked by an open damage) and due HU/inspection, as marks on a vehicle in the lists. */
export function CareBadges({ care }: { care: VehicleCare | undefined }) {
  const { t } = useTranslation('vehicles');
  return careBadges(t, care);
}

/** The same marks with a translation the caller already has: a list of cards asks for it once. */
export function careBadges(t: TFunction<'vehicles'>, care: VehicleCare | undefined) {
  if (!care) return null;
  return (
    <>
      {care.defect && (
        <Badge color="red" variant="filled" size="lg" data-testid="vehicle-defect-badge">
          {t('care.defect')}
        </Badge>
      )}
      {care.due.map((d) => (
        <Badge key={d.kind} color={d.state === 'ueberfaellig' ? 'red' : 'orange'} variant="light" tt="none" data-testid="vehicle-due-badge">
          {t(`care.${d.state}`, { kind: t(`care.kinds.${d.kind as 'Inspektion'}`), date: formatDate(d.nextDueOn) })}
        </Badge>
      ))}
    </>
  );
}
