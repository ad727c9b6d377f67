import { Col, Form, Input, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useLibraryBranches, useLibraryOptions } from '../project-queries';

export interface LibraryBranchFieldsProps {
  /** The dialog shows: the library options load only then. */
  open: boolean;
  /** The branch's form field (`branch` for plans, `sourceBranch` for projects); the library's is `libraryId`. */
  branch: string;
  labels: { library: string; branch: string };
  placeholders?: { library?: string; branch?: string };
  branchRules?: Rule[];
  /**
   * Projects: picking a library fills in its default branch, and without a library the branch is
   * typed (up to this many characters). Left out (plans): picking a library clears the branch,
   * which is picked from the library's branches.
   */
  typedBranchMaxLength?: number;
}

/**
 * The library and branch fields of the work dialogs (project, plan), as two columns of a
 * two-column form: a select of the libraries, and a select of the chosen library's branches.
 */
export function LibraryBranchFields({ open, branch, labels, placeholders = {}, branchRules, typedBranchMaxLength }: LibraryBranchFieldsProps) {
  const form = Form.useFormInstance();
  const libraryId: number | null | undefined = Form.useWatch('libraryId', form);
  const libraries = useLibraryOptions(open);
  const branches = useLibraryBranches(libraryId, open);
  const typed = typedBranchMaxLength !== undefined;
  const pickLibrary = (id: number | undefined) => {
    form.setFieldValue('libraryId', id ?? null);
    const library = libraries.data?.find((l) => l.libraryId === id);
    if (!typed) form.setFieldValue(branch, '');
    else if (library) form.setFieldValue(branch, library.defaultBranch);
  };
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name="libraryId" label={labels.library}>
          <Select
            allowClear
            placeholder={placeholders.library}
            loading={libraries.isLoading}
            options={(libraries.data ?? []).map((l) => ({ value: l.libraryId, label: l.displayText || l.name }))}
            onChange={pickLibrary}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={branch} label={labels.branch} rules={branchRules}>
          {typed && !libraryId ? (
            <Input maxLength={typedBranchMaxLength} placeholder={placeholders.branch} />
          ) : (
            <Select
              allowClear={!typed}
              showSearch
              placeholder={placeholders.branch}
              loading={branches.isLoading}
              options={(branches.data?.branches ?? []).map((b) => ({ value: b.name, label: b.name }))}
            />
          )}
        </Form.Item>
      </Col>
    </>
  );
}
