import {
  createTheme,
  darken,
  Loader,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

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

const baseTheme = createTheme({
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

// WCAG AA asks 4.5:1 for body text. Mantine's defaults miss it in a few places: dimmed text
// (gray 6 on white is 3.3:1), white on the filled colours (red, gray, the dark scheme's accent
// shade 4), coloured text and outlines in the lighter colours (teal, green, orange, yellow, cyan)
// and the dark text of a few "light" badges. So: filled colours light enough for black text get
// black text (autoContrast with Mantine's threshold); darker ones keep white text on the first
// darker shade that reads; coloured text, outlines and light-badge text take the first shade that
// reads on white (or on the badge); in the dark scheme, links and coloured text take the first
// lighter shade that reads on a dark card. Each colour keeps its hue.
const AA = 4.5;
/** A little over AA, so text stays above it on the off-white page background too. */
const TARGET = 4.8;
/** Mantine's default: filled colours lighter than this get black text under autoContrast. */
const LUMINANCE_THRESHOLD = 0.3;

export const theme = createTheme({
  ...baseTheme,
  autoContrast: true,
  luminanceThreshold: LUMINANCE_THRESHOLD,
  components: {
    // A spinner is a picture of "busy": named, so an aria-label is allowed on it (a span may not
    // carry one); screens name theirs ("Loading the preview"), decorative ones are aria-hidden.
    Loader: Loader.extend({ defaultProps: { role: 'img', 'aria-label': 'Loading' } }),
  },
});

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The first of `shades` (darkening the last one if none does) that reads on `background`. */
function readable(shades: readonly string[], background: string, target = TARGET): string {
  const found = shades.find((shade) => contrastRatio(shade, background) >= target);
  if (found) return found;
  const last = shades[shades.length - 1] ?? '#000000';
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const darker = darken(last, amount);
    if (contrastRatio(darker, background) >= target) return darker;
  }
  return '#000000';
}

const WHITE = '#ffffff';
/** Cards in the dark scheme (dark 6): the lightest surface coloured text sits on there. */
const DARK_CARD = '#2e2e2e';

/** Dimmed text: readable on white, the page's gray 0 and the pale tints of cards and alerts. */
const DIMMED_LIGHT = '#636a72';
/** Dimmed text in the dark scheme: readable on dark 7 (the page), 6 (cards) and 5. */
const DIMMED_DARK = '#a6a6a6';

/** A filled colour that carries white text (autoContrast) reads; a light one keeps black text. */
function filledVariables(name: string, shades: readonly string[], target: number) {
  const [base] = shades;
  if (!base || luminance(base) > LUMINANCE_THRESHOLD) return {};
  const filled = readable(shades, WHITE, target);
  if (filled === base) return {};
  return {
    [`--mantine-color-${name}-filled`]: filled,
    [`--mantine-color-${name}-filled-hover`]: darken(filled, 0.1),
  };
}

export const cssVariablesResolver: CSSVariablesResolver = (current) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': DIMMED_LIGHT };
  const dark: Record<string, string> = { '--mantine-color-dimmed': DIMMED_DARK };
  for (const [name, colors] of Object.entries(current.colors)) {
    if (name === 'dark') continue;
    const text = readable(colors.slice(6), WHITE);
    Object.assign(light, filledVariables(name, colors.slice(6), TARGET), {
      [`--mantine-color-${name}-text`]: text,
      [`--mantine-color-${name}-outline`]: text,
      [`--mantine-color-${name}-light-color`]: readable(colors.slice(9), colors[1]),
    });
    // In the dark scheme coloured text (shade 4) moves to a lighter shade where it must.
    const darkText = readable(colors.slice(0, 5).reverse(), DARK_CARD);
    Object.assign(dark, filledVariables(name, colors.slice(4), AA), {
      [`--mantine-color-${name}-text`]: darkText,
    });
    if (name === current.primaryColor) dark['--mantine-color-anchor'] = darkText;
  }
  return { variables: {}, light, dark };
};
