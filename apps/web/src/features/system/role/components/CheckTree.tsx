import type { TreeOption } from '@ccms/contracts/system/menu';
import { Checkbox, Segmented, Spin, Tree } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupByActivity } from '../activity-rights';
import { halfChecked, indexTree, toggleNode } from '../check-tree';
import { ActivityRights } from './ActivityRights';

export interface CheckTreeProps {
  treeData: readonly TreeOption[];
  /** Ticked node ids (half-ticked ancestors are derived). */
  checked: readonly number[];
  onChange: (checked: number[]) => void;
  /** Parent-child linkage (RuoYi's menuCheckStrictly / deptCheckStrictly). */
  linked: boolean;
  onLinkedChange: (linked: boolean) => void;
  loading?: boolean;
  /** Accessible name of the tree. */
  label: string;
  /** Menu trees: offer the rights grouped by activity (the default view) beside the menu tree. */
  byActivity?: boolean;
}

/**
 * A tickable tree with RuoYi's three switches: expand/collapse all, tick all/none, and
 * parent-child linkage. Ticks are kept here (not by antd's conduction) so a loaded node whose
 * children are not granted shows ticked alone, as in RuoYi.
 */
export function CheckTree({ treeData, checked, onChange, linked, onLinkedChange, loading = false, label, byActivity = false }: CheckTreeProps) {
  const { t } = useTranslation('role');
  const index = useMemo(() => indexTree(treeData), [treeData]);
  const groups = useMemo(() => (byActivity ? groupByActivity(treeData) : []), [byActivity, treeData]);
  const [view, setView] = useState<'activity' | 'menu'>(byActivity ? 'activity' : 'menu');
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [openGroups, setOpenGroups] = useState<string[]>([]);
  const all = index.all;
  const allChecked = all.length > 0 && checked.length >= all.length && all.every((k) => checked.includes(k));
  const someChecked = checked.length > 0 && !allChecked;

  return (
    <div className="check-tree">
      <div className="check-tree-tools">
        {byActivity && (
          <Segmented
            size="small"
            value={view}
            onChange={(v) => setView(v === 'menu' ? 'menu' : 'activity')}
            options={[
              { value: 'activity', label: t('byActivity') },
              { value: 'menu', label: t('byMenu') },
            ]}
          />
        )}
        {view === 'menu' ? (
          <Checkbox checked={all.length > 0 && expanded.length >= all.length} onChange={(e) => setExpanded(e.target.checked ? [...all] : [])}>
            {t('expandCollapse')}
          </Checkbox>
        ) : (
          <Checkbox
            checked={groups.length > 0 && openGroups.length >= groups.length}
            onChange={(e) => setOpenGroups(e.target.checked ? groups.map((g) => g.key) : [])}
          >
            {t('expandCollapse')}
          </Checkbox>
        )}
        <Checkbox checked={allChecked} indeterminate={someChecked} onChange={(e) => onChange(e.target.checked ? [...all] : [])}>
          {t('checkAll')}
        </Checkbox>
        <Checkbox checked={linked} onChange={(e) => onLinkedChange(e.target.checked)}>
          {t('linkage')}
        </Checkbox>
      </div>
      <Spin spinning={loading}>
        {view === 'activity' ? (
          <ActivityRights
            groups={groups}
            checked={checked}
            onChange={onChange}
            linked={linked}
            index={index}
            open={openGroups}
            onOpenChange={setOpenGroups}
            label={label}
          />
        ) : (
          <fieldset className="check-tree-box" aria-label={label}>
            <Tree<TreeOption>
              checkable
              checkStrictly
              selectable={false}
              treeData={treeData as TreeOption[]}
              fieldNames={{ key: 'id', title: 'label', children: 'children' }}
              expandedKeys={expanded}
              onExpand={(keys) => setExpanded(keys)}
              checkedKeys={{ checked: [...checked], halfChecked: halfChecked(checked, linked, index) }}
              onCheck={(_keys, info) => onChange(toggleNode(checked, Number(info.node.key), info.checked, linked, index))}
            />
          </fieldset>
        )}
      </Spin>
    </div>
  );
}

/** A CheckTree's state as one form value: the ticked ids and the parent-child linkage. */
export interface Ticks {
  checked: number[];
  linked: boolean;
}

export type CheckTreeFieldProps = Omit<CheckTreeProps, 'checked' | 'onChange' | 'linked' | 'onLinkedChange'> & {
  /** Set by Form.Item. */
  value?: Ticks;
  onChange?: (value: Ticks) => void;
};

/** A CheckTree as a form field (`<Form.Item name="menus"><CheckTreeField treeData={...} /></Form.Item>`). */
export function CheckTreeField({ value = { checked: [], linked: true }, onChange, ...rest }: CheckTreeFieldProps) {
  return (
    <CheckTree
      {...rest}
      checked={value.checked}
      onChange={(checked) => onChange?.({ ...value, checked })}
      linked={value.linked}
      onLinkedChange={(linked) => onChange?.({ ...value, linked })}
    />
  );
}
