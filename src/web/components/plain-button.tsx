import type { ButtonHTMLAttributes, ReactNode } from 'react';
import css from './plain-button.module.css';

/**
 * The class names of a plain button or link that looks like Mantine's Button
 * (plain-button.module.css); `data-variant` and `data-size` on the element
 * choose the look.
 */
export const plainButtonClass = `${css.button} mantine-focus-auto mantine-active`;

/**
 * A square icon button like Mantine's ActionIcon of size lg, as one plain
 * element (decision 186). The label names it for screen readers and, as the
 * browser's own hint, for the mouse: no tooltip code on a first screen.
 */
export function PlainIconButton({
  label,
  hint = label,
  variant = 'default',
  color,
  children,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'title' | 'color'> & {
  label: string;
  hint?: string;
  variant?: 'default' | 'filled';
  color?: 'yellow';
  children: ReactNode;
}) {
  return (
    <button
      {...rest}
      type="button"
      className={plainButtonClass}
      data-icon
      data-variant={variant}
      data-color={color}
      aria-label={label}
      title={hint}
    >
      <span aria-hidden>{children}</span>
    </button>
  );
}
