import { useTranslation } from 'react-i18next';
import { Tag } from '@arco-design/web-react';
import type { InstanceStatus, ModelStatus, TaskStatus } from '../../../model/workflow/api';

type AnyStatus = InstanceStatus | TaskStatus | ModelStatus;
const COLORS: Record<AnyStatus, string> = {
  running: 'arcoblue',
  approved: 'green',
  rejected: 'red',
  pending: 'orange',
  agreed: 'green',
  cancelled: 'gray',
  published: 'green',
  unpublished: 'gray',
};

export function StatusTag({ status }: { status: AnyStatus }) {
  const { t } = useTranslation('platform');
  return (
    <Tag color={COLORS[status]} data-status={status}>
      {t(`flow.status.${status}`)}
    </Tag>
  );
}

export function formatTime(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
