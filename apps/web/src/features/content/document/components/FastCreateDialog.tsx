import type { FastCreateResult } from '@ccms/contracts/content/document';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Col, Form, Input, Modal, Row, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type KeyboardEvent, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { documentApi, type Scope } from '../document-api';
import { applyTab, type OutlineNode, parseOutline } from '../outline';
import '../catalog.css';
import { useFreshModal } from './use-fresh-modal';

interface FastCreateValues {
  title: string;
  path: string;
  topicFolder?: string;
  outline: string;
  message?: string;
}

const MAP_PATH = /\.(ditamap|bookmap)$/i;

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
  const [form] = Form.useForm<FastCreateValues>();
  const fresh = useFreshModal();
  const outline = Form.useWatch('outline', form) ?? '';
  const parsed = useMemo(() => parseOutline(outline), [outline]);
  const treeData = useMemo(() => toTreeData(parsed.nodes, t('newTopic')), [parsed.nodes, t]);

  const save = useMutation({
    mutationFn: (v: FastCreateValues) =>
      documentApi.fastCreate({
        libraryId: scope.libraryId,
        ...(scope.branch ? { branch: scope.branch } : {}),
        title: v.title,
        path: v.path,
        ...(v.topicFolder?.trim() ? { topicFolder: v.topicFolder.trim() } : {}),
        outline: v.outline,
        ...(v.message?.trim() ? { message: v.message.trim() } : {}),
      }),
    onSuccess: (r) => {
      message.success(t('fastCreated', { path: r.mapPath, count: r.createdTopics.length }));
      onDone(r);
    },
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    save.reset();
  }, [open, form, save.reset]);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const area = e.currentTarget;
    const edit = applyTab(area.value, area.selectionStart, area.selectionEnd, e.shiftKey);
    form.setFieldValue('outline', edit.value);
    // The controlled value lands on the next render: put the caret back after it.
    requestAnimationFrame(() => area.setSelectionRange(edit.selectionStart, edit.selectionEnd));
  };

  const problems = parsed.problems.map((p) => t(`outlineProblems.${p.kind}`, { line: p.line }));
  return (
    <Modal
      key={fresh.key}
      afterClose={fresh.afterClose}
      open={open}
      title={t('fastCreateTitle')}
      onCancel={onClose}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: parsed.problems.length > 0 }}
      width={960}
      forceRender
    >
      <Form<FastCreateValues> name="toc-fast-create" form={form} layout="vertical" initialValues={{ outline: '' }} onFinish={(v) => save.mutate(v)}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="title" label={t('mapTitle')} rules={[{ required: true, whitespace: true, message: t('mapTitleRequired') }]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="path"
              label={t('mapPath')}
              rules={[
                { required: true, whitespace: true, message: t('mapPathRequired') },
                { pattern: MAP_PATH, message: t('mapPathInvalid') },
              ]}
            >
              <Input maxLength={1000} placeholder="manuals/guide.ditamap" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="outline"
              label={t('outline')}
              extra={t('outlineHint')}
              rules={[{ required: true, whitespace: true, message: t('outlineRequired') }]}
            >
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
            <Form.Item name="topicFolder" label={t('topicFolder')} extra={t('topicFolderHint')}>
              <Input maxLength={1000} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="message" label={t('commitMessage')}>
              <Input maxLength={2000} />
            </Form.Item>
          </Col>
        </Row>
        {save.isError && <Alert type="error" showIcon title={save.error instanceof Error ? save.error.message : String(save.error)} />}
      </Form>
    </Modal>
  );
}
