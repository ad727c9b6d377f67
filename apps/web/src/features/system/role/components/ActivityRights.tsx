import { CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons';
import { Checkbox, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ActivityGroup, groupState } from '../activity-rights';
import type { TreeIndex } from '../check-tree';
import { toggleNode } from '../check-tree';

export interface ActivityRightsProps {
  groups: readonly ActivityGroup[];
  checked: readonly number[];
  onChange: (checked: number[]) => void;
  /** Parent-child linkage, as in the menu view (a ticked right half-ticks its page and directory). */
  linked: boolean;
  index: TreeIndex;
  /** The groups shown open (the others show their head only, so the dialog opens at once). */
  open: readonly string[];
  onOpenChange: (open: string[]) => void;
  /** Accessible name of the list. */
  label: string;
}

/**
 * The role's rights grouped by what a person does (write topics, review, translate, publish,
 * deliver, administer, then the rest): a group's box ticks all its rights, each right ticks its
 * menu. A right in two activities (the workflow for writing and reviewing) is one menu: ticking
 * it in one group shows it ticked in the other.
 */
export function ActivityRights({ groups, checked, onChange, linked, index, open, onOpenChange, label }: ActivityRightsProps) {
  const { t } = useTranslation('role');
  const toggle = (ids: number[], on: boolean) => onChange(ids.reduce((keys, id) => toggleNode(keys, id, on, linked, index), [...checked]));
  return (
    <fieldset className="check-tree-box activity-rights" aria-label={label}>
      {groups.map((group) => {
        const state = groupState(group, checked);
        const title = t(`activities.${group.key}`);
        const shown = open.includes(group.key);
        const ticked = group.rights.filter((r) => checked.includes(r.id)).length;
        return (
          <section key={group.key} className="activity-group" aria-label={title}>
            <div className="activity-group-head">
              <button
                type="button"
                className="activity-group-toggle"
                aria-expanded={shown}
                aria-label={t('showRights', { name: title })}
                onClick={() => onOpenChange(shown ? open.filter((k) => k !== group.key) : [...open, group.key])}
              >
                {shown ? <CaretDownOutlined /> : <CaretRightOutlined />}
              </button>
              <Checkbox
                checked={state === 'all'}
                indeterminate={state === 'some'}
                onChange={(e) =>
                  toggle(
                    group.rights.map((r) => r.id),
                    e.target.checked,
                  )
                }
              >
                <strong>{title}</strong> <Tag>{`${ticked}/${group.rights.length}`}</Tag>
              </Checkbox>
            </div>
            {shown && (
              <div className="activity-group-rights">
                {group.rights.map((right) => (
                  <Checkbox key={right.id} checked={checked.includes(right.id)} onChange={(e) => toggle([right.id], e.target.checked)}>
                    {right.parent ? <span className="activity-right-parent">{right.parent} › </span> : null}
                    {right.label}
                  </Checkbox>
                ))}
              </div>
            )}
          </section>
        );
      })}
    </fieldset>
  );
}
