import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { List, Tag } from '@arco-design/web-react';
import type { FeedbackRecord } from '../../model/account';
import { contract } from '../api/contract';
import { callApi } from '../api/client';

/** The user's own feedback with how it was handled (status and the handler's opinion). */
export function MyFeedbackList({ version }: { version: number }) {
  const { t } = useTranslation('shell');
  const [records, setRecords] = useState<FeedbackRecord[]>([]);
  useEffect(() => {
    let live = true;
    void callApi(contract.feedback.mine, { query: { page: 1, size: 20 } }).then((res) => {
      if (live && res.code === 200) setRecords(res.data.records);
    });
    return () => {
      live = false;
    };
  }, [version]);
  if (!records.length) return null;
  return (
    <List
      size="small"
      header={t('feedback.mine')}
      data-testid="my-feedback"
      dataSource={records}
      render={(f) => (
        <List.Item key={f.id} data-testid={`my-feedback-${f.id}`}>
          <div>
            <Tag color={f.status === 'processed' ? 'green' : 'orange'} size="small">
              {t(`feedback.status.${f.status}`)}
            </Tag>{' '}
            {f.description}
          </div>
          {f.handleOpinion && (
            <div className="feedback-opinion">{t('feedback.opinion', { opinion: f.handleOpinion })}</div>
          )}
        </List.Item>
      )}
    />
  );
}
