import { ComboboxChevron, InputBase, type SelectProps } from '@mantine/core';
import { moduleLoader, useDeferredModule } from './handover';

/**
 * A Select without Combobox, Popover, floating-ui and ScrollArea on the first
 * screen (docs/product.md#performance-budgets, decision 006): a read-only input with the selected label
 * and Mantine's chevron stands in until the user hovers, focuses or clicks it.
 */
const selects = moduleLoader(() => import('./select-field'));

type Item = string | { value: string; label: string };

/** The label of `value` in Select data (plain or grouped items). */
export function selectLabel(data: SelectProps['data'], value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  for (const entry of (data ?? []) as (Item | { group: string; items: Item[] })[]) {
    const items = typeof entry === 'object' && 'group' in entry ? entry.items : [entry];
    for (const item of items) {
      if (typeof item === 'string' ? item === value : item.value === value) return typeof item === 'string' ? item : item.label;
    }
  }
  return '';
}

export function DeferredSelect(props: SelectProps) {
  const { mod, handover, onActivate } = useDeferredModule(selects);
  if (mod) return <mod.SelectField {...props} handover={handover} />;
  const { label, placeholder, w, size, data, value, description, error, disabled, id, className, style } = props;
  return (
    <InputBase
      id={id}
      className={className}
      style={style}
      label={label}
      description={description}
      error={error}
      disabled={disabled}
      placeholder={placeholder}
      w={w}
      size={size}
      readOnly
      pointer
      value={selectLabel(data, value)}
      rightSection={<ComboboxChevron size={size} error={error} />}
      rightSectionPointerEvents="none"
      onPointerEnter={(e) => onActivate('load', e.currentTarget)}
      onFocus={(e) => onActivate('focus', e.currentTarget)}
      onClick={(e) => onActivate('open', e.currentTarget)}
    />
  );
}
