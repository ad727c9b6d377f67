import { AppstoreOutlined, CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Popover, Segmented, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../../../shared/icons/MenuIcon';
import { filterIcons, ICON_STYLES, type IconCatalog, type IconStyle, loadIconCatalog } from '../icon-catalog';

export interface IconPickerProps {
  /** The stored icon name ("RocketOutlined"; older menus keep RuoYi names like "user"; "#" is none). */
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}

const styleOf = (value: string | undefined): IconStyle => ICON_STYLES.find((s) => value?.endsWith(s)) ?? 'Outlined';

/**
 * Picks a menu icon from the @ant-design/icons set: a searchable grid per style (outlined,
 * filled, two-tone). Stores the icon's name, which the sidebar renders. Works as a form control.
 */
export function IconPicker({ value, onChange, id }: IconPickerProps) {
  const { t } = useTranslation('menu');
  const [open, setOpen] = useState(false);
  const [catalog, setCatalog] = useState<IconCatalog | null>(null);
  const [style, setStyle] = useState<IconStyle>(() => styleOf(value));
  const [search, setSearch] = useState('');
  const shown = value && value !== '#' ? value : '';

  useEffect(() => {
    if (!open || catalog) return;
    let live = true;
    loadIconCatalog().then((c) => {
      if (live) setCatalog(c);
    });
    return () => {
      live = false;
    };
  }, [open, catalog]);

  const names = catalog ? filterIcons(catalog.names[style], search) : [];
  const pick = (name: string) => {
    onChange?.(name);
    setOpen(false);
  };

  const panel = (
    <div className="icon-picker-panel">
      <div className="icon-picker-head">
        <Input
          allowClear
          autoFocus
          prefix={<SearchOutlined />}
          placeholder={t('iconSearch')}
          aria-label={t('iconSearch')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Segmented<IconStyle> value={style} onChange={setStyle} options={ICON_STYLES.map((s) => ({ value: s, label: t(`iconStyles.${s}`) }))} />
      </div>
      {!catalog ? (
        <div className="icon-picker-loading">
          <Spin />
        </div>
      ) : names.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('iconNone')} />
      ) : (
        <div className="icon-grid" role="listbox" aria-label={t('icon')}>
          {names.map((name) => {
            const Icon = catalog.get(name);
            if (!Icon) return null;
            return (
              <button
                key={name}
                type="button"
                role="option"
                aria-selected={name === value}
                className={name === value ? 'icon-cell selected' : 'icon-cell'}
                title={name}
                onClick={() => pick(name)}
              >
                <Icon />
                <span>{name.slice(0, -style.length)}</span>
              </button>
            );
          })}
        </div>
      )}
    </div>
  );

  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomLeft" arrow={false} content={panel} destroyOnHidden>
      <Input
        id={id}
        readOnly
        className="icon-picker-input"
        value={shown}
        placeholder={t('iconPlaceholder')}
        prefix={shown ? <MenuIcon name={shown} /> : <AppstoreOutlined className="icon-picker-empty" />}
        suffix={
          shown ? (
            <CloseCircleFilled
              className="icon-picker-clear"
              aria-label={t('iconClear')}
              onClick={(e) => {
                e.stopPropagation();
                onChange?.('#');
              }}
            />
          ) : (
            <span />
          )
        }
      />
    </Popover>
  );
}
