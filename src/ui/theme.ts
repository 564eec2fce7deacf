import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** The accent: an electric violet that reads well on light and dark backgrounds. */
const wave: MantineColorsTuple = [
  '#f3efff',
  '#e2dafd',
  '#c2b1f7',
  '#a186f2',
  '#8461ed',
  '#724aea',
  '#693ee9',
  '#5831d0',
  '#4d2bbb',
  '#4023a5',
];

const fontStack =
  "Inter, 'Segoe UI Variable', 'Segoe UI', system-ui, -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', Arial, sans-serif";

export const theme = createTheme({
  primaryColor: 'wave',
  primaryShade: { light: 6, dark: 4 },
  colors: { wave },
  fontFamily: fontStack,
  headings: {
    fontFamily: fontStack,
    fontWeight: '750',
    sizes: {
      h1: { fontSize: 'clamp(1.9rem, 1.4rem + 1.8vw, 2.75rem)', lineHeight: '1.15' },
    },
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
});
