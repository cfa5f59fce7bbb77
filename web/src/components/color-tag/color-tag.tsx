import { FastColor } from '@ant-design/fast-color';
import type { TagProps } from 'antd';
import { Tag } from 'antd';

const DARK_TEXT = 'rgba(0, 0, 0, 0.88)';
const LIGHT_TEXT = '#ffffff';

/**
 * The text colour that reads best on a colour the user picked: black or white, whichever has the higher WCAG
 * contrast ratio against it (antd puts white on every custom colour, 2:1 on a yellow).
 */
export function readableTextOn(background: string): string {
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background)
    ? DARK_TEXT
    : LIGHT_TEXT;
}

/** WCAG 2.x contrast ratio of a (possibly translucent) text colour laid over an opaque background. */
export function contrastRatio(foreground: string, background: string): number {
  const back = new FastColor(background);
  const front = new FastColor(foreground);
  const flat = back.mix(front.clone().setA(1), front.a * 100);
  const [lighter, darker] = [flat.getLuminance(), back.getLuminance()].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * A tag in a user-chosen colour (tags, departments): filled with that colour, with text that stays readable on
 * it. antd would tint the background and write the text in the colour itself, unreadable for light colours.
 */
export function ColorTag({ color, style, ...props }: TagProps & { color?: string }) {
  if (!color || !(color.startsWith('#') || color.startsWith('rgb')))
    return <Tag color={color} style={style} {...props} />;
  return (
    <Tag
      style={{ background: color, borderColor: color, color: readableTextOn(color), ...style }}
      {...props}
    />
  );
}
