import { THEME_COLORS } from '@atende/shared/domain/constants';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../components/color-tag/color-tag.tsx';
import { themeConfig } from './theme.ts';

/** WCAG 2.2 AA for normal text. */
const AA = 4.5;

describe('the ten themes read at WCAG AA', () => {
  it.each(THEME_COLORS)('%s: text, hints, links, brand and status colours on their surfaces', (color) => {
    const config = themeConfig(color);
    const token = theme.getDesignToken(config);
    const menu = config.components?.Menu;
    const pairs: Record<string, [string, string]> = {
      text: [token.colorText, token.colorBgContainer],
      secondary: [token.colorTextSecondary, token.colorBgContainer],
      tertiary: [token.colorTextTertiary, token.colorBgContainer],
      descriptionOnLayout: [token.colorTextDescription, token.colorBgLayout],
      placeholder: [token.colorTextPlaceholder, token.colorBgContainer],
      emptyText: [token.colorTextQuaternary, token.colorBgContainer],
      link: [token.colorLink, token.colorBgContainer],
      primaryOnContainer: [token.colorPrimary, token.colorBgContainer],
      primaryOnElevated: [token.colorPrimary, token.colorBgElevated],
      primaryButton: [token.colorTextLightSolid, token.colorPrimary],
      hoveredPrimaryButton: [token.colorTextLightSolid, token.colorPrimaryHover],
      pressedPrimaryButton: [token.colorTextLightSolid, token.colorPrimaryActive],
      hoveredLink: [token.colorLinkHover, token.colorBgContainer],
      dangerButton: [token.colorTextLightSolid, token.colorError],
      error: [token.colorError, token.colorBgContainer],
      errorAlert: [token.colorErrorText, token.colorErrorBg],
      successTag: [token.colorSuccess, token.colorSuccessBg],
      selectedMenu: [String(menu?.itemSelectedColor ?? token.colorPrimary), token.colorPrimaryBg],
      // A selected conversation's time and preview (the chat list) in every theme.
      tertiaryOnSelected: [token.colorTextTertiary, token.colorPrimaryBg],
    };
    const failing = Object.entries(pairs)
      .map(([name, [front, back]]) => [name, contrastRatio(front, back)] as const)
      .filter(([, ratio]) => ratio < AA)
      .map(([name, ratio]) => `${name} ${ratio.toFixed(2)}`);
    expect(failing).toEqual([]);
  });
});
