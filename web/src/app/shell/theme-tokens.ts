import type { ThemeConfig } from 'antd';
import { theme } from 'antd';

type Hue = 'purple' | 'blue' | 'green' | 'orange' | 'red';

/**
 * Seed colours chosen for WCAG 2.2 AA (4.5:1) rather than antd's defaults (#1677ff on white is 4.1:1). On a light
 * background the brand colour is text (links, tabs, selected menu) and a fill under white text, so it is a dark
 * shade. On a dark background no colour is both readable on #141414 and readable under white text, so dark themes
 * use a light shade and put dark text on filled primary surfaces (buttons, badges, checked tags).
 */
const SEEDS: Record<'light' | 'dark', Record<Hue, string>> = {
  light: { purple: '#722ed1', blue: '#0958d9', green: '#237804', orange: '#ad4e00', red: '#cf1322' },
  dark: { purple: '#d3adf7', blue: '#91caff', green: '#95de64', orange: '#ffc069', red: '#ffa39e' },
};

/**
 * Preset tag colours (`<Tag color="gold">`) draw text from shade 7 over shade 1 of a palette built from these
 * seeds; antd's own seeds leave several under 4.5:1 (gold, green, orange, cyan and lime on white; purple on dark).
 */
/** Selected rows, options and menu entries: antd would tint from the dark seeds in grey, under 4.5:1. */
const LIGHT_TINTS: Record<Hue, string> = {
  purple: '#f9f0ff',
  blue: '#e6f4ff',
  green: '#f6ffed',
  orange: '#fff7e6',
  red: '#fff1f0',
};

/**
 * The same in dark themes: the dark algorithm mixes the light seeds into mid tints (#3a4b5b for blue) where the
 * secondary text of a selected conversation falls to 4.4:1; these deep tints (antd's dark palettes, step 2)
 * keep it above 6:1 and still mark the selection.
 */
const DARK_TINTS: Record<Hue, string> = {
  purple: '#301c4d',
  blue: '#112545',
  green: '#1d3712',
  orange: '#442a11',
  red: '#431418',
};

const LIGHT_PRESETS = {
  cyan: '#006d75',
  green: '#135200',
  magenta: '#eb2f96',
  pink: '#eb2f96',
  orange: '#d46b08',
  yellow: '#876800',
  volcano: '#d4380d',
  gold: '#ad6800',
  lime: '#3f6600',
};
const DARK_PRESETS = { purple: '#9254de' };

/** Placeholders, empty-list texts and hints are read too; antd's 25 % black or white is under 2:1. */
const QUIET_TEXT = { light: 'rgba(0, 0, 0, 0.58)', dark: 'rgba(255, 255, 255, 0.55)' };

/**
 * Hover shades: antd lightens on hover in a light theme (white on #2e7ae6 is 4.2:1, a hovered link 2.8:1), so
 * hovering darkens here; a dark theme's hover is a lighter shade still, under dark text.
 */
const HOVER: Record<'light' | 'dark', Record<Hue, string>> = {
  light: { purple: '#531dab', blue: '#003eb3', green: '#135200', orange: '#873800', red: '#a8071a' },
  dark: { purple: '#efdbff', blue: '#bae0ff', green: '#d9f7be', orange: '#ffe7ba', red: '#ffccc7' },
};

const LIGHT: ThemeConfig['token'] = {
  ...LIGHT_PRESETS,
  colorTextQuaternary: QUIET_TEXT.light,
  colorTextPlaceholder: QUIET_TEXT.light,
  colorError: '#cf1322',
  colorSuccess: '#237804',
  colorWarning: '#ad6800',
  // Darker seeds would tint these grey; status tags and alerts keep antd's light washes under the darker text.
  colorSuccessBg: '#f6ffed',
  colorWarningBg: '#fffbe6',
  colorErrorBg: '#fff1f0',
  // antd's 45 % black (3.4:1) is used for descriptions, timestamps and empty states that users must read.
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
};

const DARK: ThemeConfig['token'] = {
  ...DARK_PRESETS,
  colorTextQuaternary: QUIET_TEXT.dark,
  colorTextPlaceholder: QUIET_TEXT.dark,
  colorError: '#ff7875',
  colorTextLightSolid: '#141414',
  colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
  colorTextDescription: 'rgba(255, 255, 255, 0.6)',
};

/**
 * Tooltips keep light text on their dark grey; the selected menu entry's light brand colour over its tinted
 * background falls under 4.5:1, so its text is the plain text colour (the tint still marks it).
 */
const DARK_COMPONENTS: ThemeConfig['components'] = {
  Tooltip: { colorTextLightSolid: '#ffffff' },
  Menu: { itemSelectedColor: 'rgba(255, 255, 255, 0.95)' },
};

export function themeTokens(mode: 'light' | 'dark', hue: Hue): ThemeConfig {
  const primary = SEEDS[mode][hue];
  const hover = HOVER[mode][hue];
  const brand = {
    colorPrimary: primary,
    colorInfo: primary,
    colorLink: primary,
    colorPrimaryHover: hover,
    colorLinkHover: hover,
    borderRadius: 6,
  };
  return mode === 'dark'
    ? {
        algorithm: theme.darkAlgorithm,
        token: { ...DARK, ...brand, colorPrimaryBg: DARK_TINTS[hue] },
        components: DARK_COMPONENTS,
      }
    : { algorithm: theme.defaultAlgorithm, token: { ...LIGHT, ...brand, colorPrimaryBg: LIGHT_TINTS[hue] } };
}

export const isHue = (value: string | undefined): value is Hue =>
  value === 'purple' || value === 'blue' || value === 'green' || value === 'orange' || value === 'red';
