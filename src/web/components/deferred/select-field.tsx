import { Select, type SelectProps } from '@mantine/core';
import { type Handover, useHandoverFocus } from './handover';

/** Mantine's Select, loaded when the user reaches for a deferred select (deferred-select.tsx). */
export function SelectField({ handover, ...props }: SelectProps & { handover: Handover | null }) {
  const ref = useHandoverFocus<HTMLInputElement>(handover);
  return <Select ref={ref} {...props} defaultDropdownOpened={handover?.open ?? props.defaultDropdownOpened} />;
}
