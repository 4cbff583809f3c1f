import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, InputNumber, Table, type TableColumnProps } from '@arco-design/web-react';
import { HistoryButton } from '../../kit/history/HistoryButton';
import { courseHistory } from './history-labels';
import { lengthRule } from '../../kit/zodRules';
import { useBridge } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import type { CourseItem as CourseRow, CourseInput } from '../../../model/course';
import { useApi } from '../../kit/api';
import { RecordModal, useRecordEditor } from './recordEditor';
import { RecordActions } from '../../kit/RecordActions';

/** Help courses: links to training material or attached documents, in display order (`course/list`). */
export function CourseAdmin() {
  const { t } = useTranslation(['platform', 'common']);
  const bridge = useBridge();
  const api = useApi();
  const [rows, setRows] = useState<CourseRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const editor = useRecordEditor<CourseRow, CourseInput>({
    permission: 'system:course',
    async save(v, editing) {
      const body: CourseInput = { ...v, description: v.description || null };
      if (editing) await api.call(contract.course.update, { params: { id: editing.id }, body, showSuccess: true });
      else await api.call(contract.course.create, { body, showSuccess: true });
    },
    remove: (row) => api.call(contract.course.remove, { params: { id: row.id }, showSuccess: true }),
    reload: () => setVersion((n) => n + 1),
  });
  const { can, start } = editor;

  useEffect(() => {
    let live = true;
    setLoading(true);
    api
      .call(contract.course.list)
      .then((r) => {
        if (live) setRows(r.records);
      })
      .catch(() => undefined)
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [api, version]);
  useEffect(() => bridge.on('refresh', () => setVersion((v) => v + 1)), [bridge]);

  const columns: TableColumnProps<CourseRow>[] = [
    { title: t('content.course.sort'), dataIndex: 'sort', width: 80 },
    { title: t('content.course.title'), dataIndex: 'title' },
    { title: t('content.course.description'), dataIndex: 'description', ellipsis: true },
    {
      title: t('content.course.url'),
      dataIndex: 'url',
      render: (v: string) => (
        <a href={v} target="_blank" rel="noopener noreferrer">
          {v}
        </a>
      ),
    },
    {
      title: t('common:actions'),
      width: 200,
      render: (_: unknown, r: CourseRow) => (
        <RecordActions
          {...editor.actions(r, () => start(r, r))}
          history={
            <HistoryButton target={{ entity: 'course', recordId: r.id, title: r.title }} labels={courseHistory(t)} />
          }
        />
      ),
    },
  ];

  return (
    <div data-testid="page-course">
      <div className="page-toolbar">
        {can('add') && (
          <Button
            type="primary"
            data-testid="course-add"
            onClick={() => start(null, { title: '', description: '', url: 'https://', sort: rows.length + 1 })}
          >
            {t('common:add')}
          </Button>
        )}
      </div>
      <Table<CourseRow> rowKey="id" columns={columns} data={rows} loading={loading} pagination={false} />
      <RecordModal
        editor={editor}
        titles={{ add: t('content.course.addTitle'), edit: t('content.course.editTitle') }}
        width={640}
        saveTestId="course-save"
      >
        <Form.Item
          field="title"
          label={t('content.course.title')}
          rules={[{ required: true, message: t('content.required') }, lengthRule(t, t('content.course.title'), 200)]}
        >
          <Input maxLength={{ length: 200, errorOnly: true }} data-testid="course-title" />
        </Form.Item>
        <Form.Item
          field="url"
          label={t('content.course.url')}
          extra={t('content.course.urlHint')}
          rules={[
            { required: true, message: t('content.required') },
            { match: /^(https?:\/\/\S+|\/(?!\/)\S*)$/i, message: t('content.course.urlFormat') },
            lengthRule(t, t('content.course.url'), 1000),
          ]}
        >
          <Input maxLength={{ length: 1000, errorOnly: true }} data-testid="course-url" />
        </Form.Item>
        <Form.Item
          field="description"
          label={t('content.course.description')}
          rules={[lengthRule(t, t('content.course.description'), 1000)]}
        >
          <Input.TextArea maxLength={{ length: 1000, errorOnly: true }} />
        </Form.Item>
        <Form.Item field="sort" label={t('content.course.sort')}>
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
      </RecordModal>
    </div>
  );
}
