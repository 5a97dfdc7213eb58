import type { InstructionState } from '@domain/driver-instruction';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const STATE_COLOURS: Record<InstructionState, string> = {
  gueltig: 'green',
  bald_faellig: 'yellow',
  ueberfaellig: 'red',
  keine: 'gray',
};

/** The instruction state as a coloured badge with its name: colour is never the only signal. */
export function InstructionBadge({ state }: { state: InstructionState }) {
  const { t } = useTranslation('driverInstruction');
  return (
    <Badge color={STATE_COLOURS[state]} variant="light" tt="none" data-state={state}>
      {t(`states.${state}`)}
    </Badge>
  );
}

/** The topic's name: the vehicle category, or "Allgemein" for the general instruction. */
export function useTopicName() {
  const { t } = useTranslation('driverInstruction');
  return (category: string) => (category ? category : t('general'));
}
