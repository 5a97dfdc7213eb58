import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** A calm blue; shade 6 (filled buttons, links) keeps 5.1:1 against white, shade 9 on shade 1 (light variants) 8.2:1. */
const buchbarBlue: MantineColorsTuple = [
  '#eaf1fa',
  '#d5e3f4',
  '#a9c6e8',
  '#7ba7dc',
  '#5590d2',
  '#3d80cc',
  '#2f6fb8',
  '#255f9f',
  '#1c4f86',
  '#133f6d',
];

export const theme = createTheme({
  primaryColor: 'buchbar',
  primaryShade: { light: 6, dark: 4 },
  colors: { buchbar: buchbarBlue },
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  // Transitions of Mantine's components (menus, dialogs, collapses) stop when the person asks for less motion.
  respectReducedMotion: true,
  components: {
    // Required fields keep the required attribute, but no '*' in the label: every field
    // of our forms is required, and the label text stays exactly what users and tests read.
    // Plain objects, not TextInput.extend(…): importing the components here put them into every screen's first load.
    TextInput: { defaultProps: { withAsterisk: false } },
    PasswordInput: { defaultProps: { withAsterisk: false } },
  },
});

/**
 * Text colour of the light, subtle and transparent variants (badges, light buttons) per colour:
 * Mantine's shade 9 misses 4.5:1 on the pale tint of green, teal, lime, yellow and orange
 * (tested in lib/contrast.test.ts against the tint and its hover tint).
 */
export const LIGHT_VARIANT_TEXT: Record<string, { text: string; shade6: string }> = {
  gray: { text: '#212529', shade6: '#868e96' },
  red: { text: '#a51d1d', shade6: '#fa5252' },
  pink: { text: '#a61e4d', shade6: '#e64980' },
  grape: { text: '#862e9c', shade6: '#be4bdb' },
  violet: { text: '#5f3dc4', shade6: '#7950f2' },
  indigo: { text: '#364fc7', shade6: '#4c6ef5' },
  blue: { text: '#1864ab', shade6: '#228be6' },
  cyan: { text: '#08596a', shade6: '#15aabf' },
  teal: { text: '#056049', shade6: '#12b886' },
  green: { text: '#1f6a2f', shade6: '#40c057' },
  lime: { text: '#3f6b06', shade6: '#82c91e' },
  yellow: { text: '#7a4b00', shade6: '#fab005' },
  orange: { text: '#8a3a0a', shade6: '#fd7e14' },
  buchbar: { text: buchbarBlue[9], shade6: buchbarBlue[6] },
};

/** Mantine's default dimmed (gray.6) and error (red.6) texts miss WCAG AA on white; darken both. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c646c',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    ...Object.fromEntries(Object.entries(LIGHT_VARIANT_TEXT).map(([name, c]) => [`--mantine-color-${name}-light-color`, c.text])),
  },
  dark: {},
});
