import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import type { ThemeColor } from '@atende/shared/domain/constants';
import { THEME_COLORS } from '@atende/shared/domain/constants';
import type { MenuProps } from 'antd';
import { Button, Dropdown } from 'antd';
import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { readTheme, saveTheme, themeColorAtom } from './theme.ts';

type Mode = 'light' | 'dark';
type Hue = 'purple' | 'blue' | 'green' | 'orange' | 'red';

const partsOf = (color: ThemeColor) => color.split('.') as [Mode, Hue];

export function ThemePicker({ employeeId }: { employeeId: string }) {
  const { t } = useTranslation();
  const [color, setColor] = useAtom(themeColorAtom);

  useEffect(() => setColor(readTheme(employeeId)), [employeeId, setColor]);

  const items: MenuProps['items'] = THEME_COLORS.map((option) => {
    const [mode, hue] = partsOf(option);
    return {
      key: option,
      label: `${t(`themes.${hue}`)} ${t(`themes.${mode}`).toLowerCase()}`,
      icon: option === color ? <CheckOutlined /> : undefined,
      'data-testid': `theme-${option}`,
    };
  });

  const choose: MenuProps['onClick'] = ({ key }) => {
    const chosen = THEME_COLORS.find((option) => option === key);
    if (!chosen) return;
    saveTheme(employeeId, chosen);
    setColor(chosen);
  };

  return (
    <Dropdown
      menu={{ items, onClick: choose, selectedKeys: [color] }}
      trigger={['click']}
      placement="bottomRight"
    >
      <Button
        type="text"
        icon={<BgColorsOutlined />}
        aria-label={t('shell.theme')}
        data-testid="theme-picker"
      />
    </Dropdown>
  );
}
