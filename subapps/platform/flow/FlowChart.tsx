import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Descriptions, Table, Tag } from '@arco-design/web-react';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import { contract } from '../../../model/contract';
import type { HistoryEntry, InstanceChart } from '../../../model/workflow/api';
import { useApi } from '../../kit/api';
import type { CanvasService, ElementRegistryService } from './bpmn-types';
import { SignatureText } from './SignatureText';
import { StatusTag, formatTime } from './status';
import './flow.css';

/** An instance's diagram with the nodes it has passed and the ones waiting now, and who did what when. */
export function FlowChart({ instanceId }: { instanceId: string }) {
  const { t } = useTranslation(['platform', 'model']);
  const api = useApi();
  const [chart, setChart] = useState<InstanceChart | null>(null);
  // The drawer mounts its body after opening: the canvas element arrives through a callback ref.
  const [container, setContainer] = useState<HTMLDivElement | null>(null);

  useEffect(() => {
    let live = true;
    void api
      .call(contract.flow.chart, { params: { id: instanceId } })
      .then((c) => {
        if (live) setChart(c);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, instanceId]);

  useEffect(() => {
    if (!chart || !container) return;
    const viewer = new NavigatedViewer({ container });
    let live = true;
    void viewer.importXML(chart.xml).then(() => {
      if (!live) return;
      const canvas = viewer.get<CanvasService>('canvas', true);
      const registry = viewer.get<ElementRegistryService>('elementRegistry', true);
      canvas.zoom('fit-viewport', 'auto');
      const done = new Set(chart.done);
      for (const id of chart.done) if (registry.get(id)) canvas.addMarker(id, 'flow-done');
      // A flow is done when both its ends are.
      for (const el of registry.getAll()) {
        const bo = el.businessObject as { sourceRef?: { id: string }; targetRef?: { id: string } };
        if (
          el.type === 'bpmn:SequenceFlow' &&
          bo.sourceRef &&
          bo.targetRef &&
          done.has(bo.sourceRef.id) &&
          (done.has(bo.targetRef.id) || chart.current.includes(bo.targetRef.id))
        ) {
          canvas.addMarker(el.id, 'flow-done');
        }
      }
      for (const id of chart.current) if (registry.get(id)) canvas.addMarker(id, 'flow-current');
    });
    return () => {
      live = false;
      viewer.destroy();
    };
  }, [chart, container]);

  if (!chart) return null;
  return (
    <div data-testid="flow-chart">
      <Descriptions
        column={3}
        size="small"
        data={[
          { label: t('flow.subject'), value: chart.title },
          {
            label: t('flow.instanceStatus'),
            value: (
              <span data-testid="instance-status">
                <StatusTag status={chart.status} />
              </span>
            ),
          },
          { label: t('flow.starter'), value: `${chart.starter} · ${formatTime(chart.startedAt)}` },
        ]}
      />
      <div className="flow-legend">
        <span className="done">{t('flow.legendDone')}</span>
        <span className="current">{t('flow.legendCurrent')}</span>
      </div>
      <div
        className="flow-canvas small"
        ref={setContainer}
        data-testid="flow-canvas"
        data-done={chart.done.join(',')}
        data-current={chart.current.join(',')}
      />
      <Table<HistoryEntry>
        rowKey="taskId"
        size="small"
        pagination={false}
        data-testid="flow-history"
        style={{ marginTop: 12 }}
        data={chart.history}
        columns={[
          { title: t('model:wfTask.name'), dataIndex: 'name' },
          {
            title: t('flow.taskStatus'),
            dataIndex: 'status',
            render: (s: HistoryEntry['status']) => <StatusTag status={s} />,
          },
          { title: t('flow.handler'), dataIndex: 'handler', render: (v: string | null) => v ?? '—' },
          { title: t('model:wfTask.opinion'), dataIndex: 'opinion', render: (v: string | null) => v ?? '' },
          { title: t('flow.receivedAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
          {
            title: t('flow.handledAt'),
            dataIndex: 'handledAt',
            render: (v: string | null) => (v ? formatTime(v) : ''),
          },
          {
            title: t('flow.signature'),
            dataIndex: 'signature',
            render: (v: HistoryEntry['signature']) => (v ? <SignatureText signature={v} /> : ''),
          },
        ]}
      />
      {chart.endedAt && <Tag style={{ marginTop: 8 }}>{t('flow.endedAt', { time: formatTime(chart.endedAt) })}</Tag>}
    </div>
  );
}
