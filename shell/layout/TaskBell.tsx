import { useCallback, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Badge, Button, Popover, Space, Tag } from '@arco-design/web-react';
import { IconCheckSquare } from '@arco-design/web-react/icon';
import { findMenuByPath } from '../../model/menu-tree';
import { NOTICE_POLL_MS } from '../../model/bells';
import { contract } from '../api/contract';
import type { TaskCounts } from '../../model/workflow/api';
import { callApi } from '../api/client';
import { menuAtom } from '../state/atoms';
import { usePolling } from '../hooks/usePolling';
import { useAfterFirstScreen } from '../subapp/firstScreen';

const TASKS_PATH = '/flow/task';

/** The header's workflow task counters (pending, finished, total), polled like the notices. */
export function TaskBell() {
  const { t, i18n } = useTranslation('shell');
  const menu = useAtomValue(menuAtom);
  const navigate = useNavigate();
  const [counts, setCounts] = useState<TaskCounts>({ pending: 0, finished: 0, total: 0 });

  const load = useCallback(async () => {
    const res = await callApi(contract.flow.taskCount, { showError: false });
    if (res.code === 200) setCounts(res.data);
  }, []);

  // Read once the first screen has had its turn: the counter never delays it.
  const ready = useAfterFirstScreen();
  useEffect(() => {
    if (ready) void load();
  }, [load, ready]);
  usePolling(load, NOTICE_POLL_MS);

  const canOpen = findMenuByPath(menu, TASKS_PATH) !== null;
  const content = (
    <div data-testid="task-counters">
      <Space>
        <Tag color="orangered">{t('task.pending', { count: counts.pending })}</Tag>
        <Tag color="green">{t('task.finished', { count: counts.finished })}</Tag>
        <Tag>{t('task.total', { count: counts.total })}</Tag>
      </Space>
      {canOpen && (
        <div style={{ marginTop: 8 }}>
          <Button
            size="mini"
            type="primary"
            data-testid="task-open-list"
            onClick={() => navigate(`/${i18n.language}${TASKS_PATH}`)}
          >
            {t('task.open')}
          </Button>
        </div>
      )}
    </div>
  );
  return (
    <Popover
      content={content}
      trigger="click"
      title={t('task.title')}
      onVisibleChange={(v) => {
        if (v) void load();
      }}
    >
      <Badge count={counts.pending} maxCount={99}>
        <Button type="text" icon={<IconCheckSquare />} aria-label={t('task.title')} data-testid="task-bell" />
      </Badge>
    </Popover>
  );
}
