import { FastCreateBody, type FastCreateResult } from '@ccms/contracts/content/document';
import { Alert, App, Col, Form, Input, Row, Select, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type KeyboardEvent, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useFastCreate } from '../../catalog/catalog-queries';
import { useTemplateOptions } from '../../template/template-queries';
import type { Scope } from '../document-api';
import { applyTab, type OutlineNode, parseOutline } from '../outline';
import '../catalog.css';

interface FastCreateValues {
  title: string;
  path: string;
  topicFolder?: string;
  templateId?: number;
  outline: string;
  message?: string;
}

const allKeys = (nodes: readonly OutlineNode[]): string[] => nodes.flatMap((n) => [`${n.line}`, ...allKeys(n.children)]);

function toTreeData(nodes: readonly OutlineNode[], newLabel: string): DataNode[] {
  return nodes.map((n) => ({
    key: `${n.line}`,
    title: (
      <span>
        {n.title}{' '}
        {n.topic ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            → {n.topic}
          </Typography.Text>
        ) : (
          <Tag color="green">{newLabel}</Tag>
        )}
      </span>
    ),
    children: toTreeData(n.children, newLabel),
  }));
}

/**
 * Toc fast create: an indented outline (Tab sets the level) becomes a new map; nodes without a
 * topic get new topics from the template. The preview shows the tree as the server will build it.
 */
export function FastCreateDialog({
  open,
  scope,
  onClose,
  onDone,
}: {
  open: boolean;
  scope: Scope;
  onClose: () => void;
  onDone: (r: FastCreateResult) => void;
}) {
  const { t } = useTranslation('document');
  const { message } = App.useApp();
  const fastCreate = useFastCreate();
  const templates = useTemplateOptions('topic', open);
  const entity = useEntityForm<FastCreateValues>({
    open,
    defaults: { outline: '' },
    save: async (v) => {
      const r = await fastCreate.mutateAsync({
        libraryId: scope.libraryId,
        ...(scope.branch ? { branch: scope.branch } : {}),
        title: v.title,
        path: v.path,
        ...(v.topicFolder?.trim() ? { topicFolder: v.topicFolder.trim() } : {}),
        ...(v.templateId ? { templateId: v.templateId } : {}),
        outline: v.outline,
        ...(v.message?.trim() ? { message: v.message.trim() } : {}),
      });
      message.success(t('fastCreated', { path: r.mapPath, count: r.createdTopics.length }));
      onDone(r);
    },
  });
  const form = entity.form;
  const outline = Form.useWatch('outline', form) ?? '';
  const parsed = useMemo(() => parseOutline(outline), [outline]);
  const treeData = useMemo(() => toTreeData(parsed.nodes, t('newTopic')), [parsed.nodes, t]);

  // The caret after a Tab edit, put back once the controlled value has been rendered (a frame
  // later could come before the new value and leave the caret at the end).
  const caret = useRef<{ area: HTMLTextAreaElement; value: string; start: number; end: number } | null>(null);
  useLayoutEffect(() => {
    const c = caret.current;
    if (!c || c.area.value !== c.value) return;
    c.area.setSelectionRange(c.start, c.end);
    caret.current = null;
  });
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const area = e.currentTarget;
    const edit = applyTab(area.value, area.selectionStart, area.selectionEnd, e.shiftKey);
    caret.current = { area, value: edit.value, start: edit.selectionStart, end: edit.selectionEnd };
    form.setFieldValue('outline', edit.value);
  };

  const problems = parsed.problems.map((p) => t(`outlineProblems.${p.kind}`, { line: p.line }));
  return (
    <FormDialog
      open={open}
      title={t('fastCreateTitle')}
      name="toc-fast-create"
      entity={entity}
      okDisabled={parsed.problems.length > 0}
      width={960}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="title" label={t('mapTitle')} rules={zodRules(FastCreateBody, 'title', t('mapTitle'))}>
            <Input maxLength={zodMaxLength(FastCreateBody, 'title')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="path" label={t('mapPath')} rules={zodRules(FastCreateBody, 'path', t('mapPath'), { pattern: t('mapPathInvalid') })}>
            <Input maxLength={zodMaxLength(FastCreateBody, 'path')} placeholder="manuals/guide.ditamap" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="outline" label={t('outline')} extra={t('outlineHint')} rules={zodRules(FastCreateBody, 'outline', t('outline'))}>
            <Input.TextArea className="outline-textarea" rows={14} onKeyDown={onKeyDown} spellCheck={false} data-testid="outline" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('outlinePreview', { count: parsed.count, created: parsed.newTopics })}>
            <div className="outline-preview" data-testid="outline-preview">
              {treeData.length > 0 ? (
                <Tree treeData={treeData} expandedKeys={allKeys(parsed.nodes)} selectable={false} />
              ) : (
                <Typography.Text type="secondary">{t('outlineEmpty')}</Typography.Text>
              )}
            </div>
          </Form.Item>
          {problems.length > 0 && <Alert type="error" showIcon title={problems.join('\n')} style={{ whiteSpace: 'pre-line' }} />}
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="topicFolder" label={t('topicFolder')} extra={t('topicFolderHint')} rules={zodRules(FastCreateBody, 'topicFolder', t('topicFolder'))}>
            <Input maxLength={zodMaxLength(FastCreateBody, 'topicFolder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="templateId" label={t('topicTemplate')} extra={t('topicTemplateHint')}>
            <Select
              allowClear
              data-testid="fast-template"
              options={(templates.data ?? []).map((o) => ({ value: o.templateId, label: `${o.templateName} (${o.doctypeName}, ${o.lang})` }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="message" label={t('commitMessage')} rules={zodRules(FastCreateBody, 'message', t('commitMessage'))}>
            <Input maxLength={zodMaxLength(FastCreateBody, 'message')} />
          </Form.Item>
        </Col>
      </Row>
      {entity.error && <Alert type="error" showIcon title={entity.error.message} />}
    </FormDialog>
  );
}
