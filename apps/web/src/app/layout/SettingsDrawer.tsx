import { CheckOutlined } from '@ant-design/icons';
import { DEFAULT_THEME_COLOR } from '@ccms/contracts/constants';
import { App, Button, ColorPicker, Divider, Drawer, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type LayoutSettings, useSettings } from '../../state/settings-store';

const PRESET_COLORS = [DEFAULT_THEME_COLOR, '#ff4500', '#ff8c00', '#ffd700', '#90ee90', '#00ced1', '#1e90ff', '#c71585'];

type Toggle = 'topNav' | 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'dynamicTitle';
const TOGGLES: readonly Toggle[] = ['topNav', 'tagsView', 'fixedHeader', 'sidebarLogo', 'dynamicTitle'];

function SideThemeCard({ value, label }: { value: LayoutSettings['sideTheme']; label: string }) {
  const current = useSettings((s) => s.sideTheme);
  const change = useSettings((s) => s.change);
  const dark = value === 'theme-dark';
  return (
    <button
      type="button"
      className={`side-theme-card${current === value ? ' checked' : ''}`}
      aria-pressed={current === value}
      aria-label={label}
      title={label}
      onClick={() => change('sideTheme', value)}
    >
      <span className={`side-theme-sidebar${dark ? ' dark' : ''}`} />
      <span className="side-theme-header" />
      {current === value && <CheckOutlined className="side-theme-check" />}
    </button>
  );
}

/** Layout settings of spec section 2: every change applies at once; Save keeps them, Reset restores the defaults. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const { message } = App.useApp();
  const settings = useSettings();

  return (
    <Drawer open={open} onClose={onClose} size={300} title={t('settings.title')} className="settings-drawer">
      <h3 className="drawer-title">{t('settings.themeStyle')}</h3>
      <div className="side-theme-row">
        <SideThemeCard value="theme-dark" label={t('settings.sideDark')} />
        <SideThemeCard value="theme-light" label={t('settings.sideLight')} />
      </div>
      <div className="drawer-item">
        <span>{t('settings.themeColor')}</span>
        <ColorPicker
          value={settings.theme}
          disabledAlpha
          presets={[{ label: t('settings.themeColor'), colors: PRESET_COLORS }]}
          onChangeComplete={(color) => settings.change('theme', color.toHexString())}
        />
      </div>
      <Divider />
      <h3 className="drawer-title">{t('settings.layoutConfig')}</h3>
      {TOGGLES.map((key) => (
        <div className="drawer-item" key={key}>
          <span id={`setting-${key}`}>{t(`settings.${key}`)}</span>
          <Switch aria-labelledby={`setting-${key}`} checked={settings[key]} onChange={(v) => settings.change(key, v)} />
        </div>
      ))}
      <Divider />
      <div className="drawer-actions">
        <Button
          type="primary"
          onClick={() => {
            settings.save();
            message.loading({ content: t('settings.saving'), duration: 1 });
            onClose();
          }}
        >
          {t('settings.save')}
        </Button>
        <Button
          onClick={() => {
            settings.reset();
            message.loading({ content: t('settings.resetting'), duration: 1 });
          }}
        >
          {t('settings.reset')}
        </Button>
      </div>
    </Drawer>
  );
}
