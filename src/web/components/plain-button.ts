import css from './plain-button.module.css';

/**
 * The class names of a plain button or link that looks like Mantine's Button
 * (plain-button.module.css); `data-variant` and `data-size` on the element
 * choose the look.
 */
export const plainButtonClass = `${css.button} mantine-focus-auto mantine-active`;
