import { Input, InputBase, type MantineSize, type StyleProp } from '@mantine/core';
import type { DatePickerInputProps, DateTimePickerProps } from '@mantine/dates';
import { formatPickerValue } from '@web/lib/picker-format';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Activation, moduleLoader, useDeferredModule } from '../deferred/handover';

/**
 * Date inputs of the booking screens without @mantine/dates and dayjs on the
 * first screen (docs/product.md#performance-budgets, decision 006): a stand-in that looks like the
 * closed input shows the value; hovering or focusing it loads the real input,
 * which takes over focus and opens when the stand-in was clicked meanwhile.
 */
const dates = moduleLoader(() => import('./date-inputs'));

interface StandInProps {
  label?: ReactNode;
  placeholder?: string;
  display: string;
  w?: StyleProp<React.CSSProperties['width']>;
  size?: MantineSize;
  testId?: string;
  onActivate: (how: Activation, button: HTMLButtonElement) => void;
}

function StandIn({ label, placeholder, display, w, size, testId, onActivate }: StandInProps) {
  return (
    <InputBase
      component="button"
      type="button"
      pointer
      label={label}
      w={w}
      size={size}
      data-testid={testId}
      onPointerEnter={(e: React.PointerEvent<HTMLButtonElement>) => onActivate('load', e.currentTarget)}
      onFocus={(e: React.FocusEvent<HTMLButtonElement>) => onActivate('focus', e.currentTarget)}
      onClick={(e: React.MouseEvent<HTMLButtonElement>) => onActivate('open', e.currentTarget)}
      styles={{ input: { textAlign: 'start' } }}
    >
      {display || <Input.Placeholder>{placeholder}</Input.Placeholder>}
    </InputBase>
  );
}

type Common = { 'data-testid'?: string };

/** The stand-in of either picker: its value in the picker's own format (default `defaultFormat`). */
function PickerStandIn({
  props,
  defaultFormat,
  onActivate,
}: {
  props: (DatePickerInputProps | DateTimePickerProps) & Common;
  defaultFormat: string;
  onActivate: StandInProps['onActivate'];
}) {
  const { i18n } = useTranslation();
  const value = typeof props.value === 'string' ? props.value : null;
  return (
    <StandIn
      label={props.label}
      placeholder={props.placeholder}
      display={formatPickerValue(value, typeof props.valueFormat === 'string' ? props.valueFormat : defaultFormat, i18n.language)}
      w={props.w}
      size={props.size}
      testId={props['data-testid']}
      onActivate={onActivate}
    />
  );
}

export function DeferredDatePickerInput(props: DatePickerInputProps & Common) {
  const { mod, handover, onActivate } = useDeferredModule(dates);
  if (mod) return <mod.DatePickerField {...props} handover={handover} />;
  return <PickerStandIn props={props} defaultFormat="DD.MM.YYYY" onActivate={onActivate} />;
}

export function DeferredDateTimePicker(props: DateTimePickerProps & Common) {
  const { mod, handover, onActivate } = useDeferredModule(dates);
  if (mod) return <mod.DateTimeField {...props} handover={handover} />;
  return <PickerStandIn props={props} defaultFormat="DD.MM.YYYY HH:mm" onActivate={onActivate} />;
}
