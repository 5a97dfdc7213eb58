import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import css from './legend.module.css';

export interface LegendItem {
  key: string;
  /** The colour or sign the legend explains; hidden from screen readers, the label names it. */
  mark: ReactNode;
  label: string;
}

/** A colour legend above a timeline or a plan: a list of marks with their names, on one wrapping line. */
export function Legend({ label, items, size, testId }: { label: string; items: LegendItem[]; size: 'xs' | 'sm'; testId: string }) {
  return (
    <ul className={css.legend} aria-label={label} data-testid={testId}>
      {items.map((i) => (
        <Text component="li" key={i.key} size={size} className={css.item}>
          <span aria-hidden className={css.mark}>
            {i.mark}
          </span>
          {i.label}
        </Text>
      ))}
    </ul>
  );
}
