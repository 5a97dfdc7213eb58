import { type CSSVariablesResolver, createTheme, type MantineColorsTuple, PasswordInput, TextInput } from '@mantine/core';

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
  components: {
    // Required fields keep the required attribute, but no '*' in the label: every field
    // of our forms is required, and the label text stays exactly what users and tests read.
    TextInput: TextInput.extend({ defaultProps: { withAsterisk: false } }),
    PasswordInput: PasswordInput.extend({ defaultProps: { withAsterisk: false } }),
  },
});

/** Mantine's default dimmed (gray.6) and error (red.6) texts miss WCAG AA on white; darken both. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c646c',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
