import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Drawer, List, Space } from '@arco-design/web-react';
import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import { ApiError } from '../../../bridge/child';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import type { ModelDetail, ModelProblem } from '../../../model/workflow/api';
import { ASSIGNEE_ATTRIBUTE, ASSIGNEE_NAMESPACE } from '../../../model/workflow/assignee';
import { FLOW_PERMISSIONS } from '../../../model/workflow/input';
import { SIGNATURE_ATTRIBUTE, formatSignatureMeanings } from '../../../model/workflow/signature';
import { useApi } from '../../kit/api';
import type { CanvasService, DiagramElement, EventBusService, ModdleService, ModelingService } from './bpmn-types';
import { ElementPanel, type PanelActions } from './ElementPanel';
import './flow.css';

/** The BPMN modeler of one model: draw, set assignees and conditions, save the draft, deploy. */
export function ModelDesigner({ model, onClose }: { model: ModelDetail | null; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation(['platform', 'common']);
  const bridge = useBridge();
  const api = useApi();
  const { permissions } = useBridgeContext();
  // The drawer mounts its body after opening: the canvas element arrives through a callback ref.
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const modeler = useRef<Modeler | null>(null);
  const [selected, setSelected] = useState<DiagramElement | null>(null);
  const [problems, setProblems] = useState<ModelProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState(false);
  const [, refresh] = useState(0);

  useEffect(() => {
    if (!model || !container) return;
    const m = new Modeler({ container });
    modeler.current = m;
    setProblems([]);
    void m.importXML(model.xml).then(() => m.get<CanvasService>('canvas', true).zoom('fit-viewport', 'auto'));
    const bus = m.get<EventBusService>('eventBus', true);
    bus.on('selection.changed', (e) => setSelected(e.newSelection?.[0] ?? null));
    bus.on('element.changed', () => refresh((n) => n + 1));
    return () => {
      m.destroy();
      modeler.current = null;
      setSelected(null);
    };
  }, [model, container]);

  const service = <T,>(name: string) => modeler.current!.get<T>(name, true);
  const actions: PanelActions = {
    rename: (el, name) => service<ModelingService>('modeling').updateProperties(el, { name }),
    setAssignee: (el, value) =>
      service<ModelingService>('modeling').updateProperties(el, { [ASSIGNEE_ATTRIBUTE]: value }),
    setCondition: (el, body) =>
      service<ModelingService>('modeling').updateProperties(el, {
        conditionExpression: body
          ? service<ModdleService>('moddle').create('bpmn:FormalExpression', { body })
          : undefined,
      }),
    setSignature: (el, meanings) => {
      service<ModelingService>('modeling').updateProperties(el, {
        [SIGNATURE_ATTRIBUTE]: meanings.length ? formatSignatureMeanings(meanings) : undefined,
      });
      if (!meanings.length) delete el.businessObject.$attrs[SIGNATURE_ATTRIBUTE];
    },
    setDefault: (el, isDefault) => {
      const gateway = el.source;
      if (gateway)
        service<ModelingService>('modeling').updateProperties(gateway, {
          default: isDefault ? el.businessObject : undefined,
        });
    },
  };

  async function currentXml(): Promise<string> {
    const m = modeler.current!;
    // The assignee attribute needs its namespace declared, whatever XML the model was imported from.
    (m.getDefinitions() as unknown as { $attrs: Record<string, string> }).$attrs['xmlns:mes'] = ASSIGNEE_NAMESPACE;
    const { xml } = await m.saveXML({ format: true });
    return xml ?? '';
  }

  async function save(): Promise<boolean> {
    if (!model) return false;
    setBusy(true);
    try {
      await api.call(contract.flow.updateModel, {
        params: { id: model.id },
        body: { name: model.name, description: model.description, xml: await currentXml() },
      });
      setChanged(true);
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function deploy() {
    if (!model || !(await save())) return;
    setBusy(true);
    try {
      await api.call(contract.flow.deploy, { params: { id: model.id }, showSuccess: true });
      setProblems([]);
      onClose(true);
    } catch (e) {
      if (e instanceof ApiError) {
        const list = (e.data as { problems?: ModelProblem[] } | null)?.problems ?? [];
        setProblems(list);
        const canvas = service<CanvasService>('canvas');
        for (const p of list)
          if (p.element) {
            try {
              canvas.addMarker(p.element, 'flow-problem');
            } catch {
              /* not drawn */
            }
          }
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Drawer
      width="100%"
      visible={model !== null}
      title={model ? `${model.name} (${model.key})` : ''}
      footer={null}
      onCancel={() => onClose(changed)}
      unmountOnExit
    >
      <div data-testid="model-designer">
        <Space style={{ marginBottom: 8 }}>
          {permissions.includes(FLOW_PERMISSIONS.modelEdit) && (
            <Button
              data-testid="designer-save"
              loading={busy}
              onClick={() =>
                void save().then((ok) => ok && void bridge.notify({ type: 'success', message: t('flow.saved') }))
              }
            >
              {t('flow.saveDraft')}
            </Button>
          )}
          {permissions.includes(FLOW_PERMISSIONS.deploy) && permissions.includes(FLOW_PERMISSIONS.modelEdit) && (
            <Button type="primary" data-testid="designer-deploy" loading={busy} onClick={() => void deploy()}>
              {t('flow.saveAndDeploy')}
            </Button>
          )}
        </Space>
        {problems.length > 0 && (
          <Alert
            type="error"
            style={{ marginBottom: 8 }}
            title={t('flow.problems')}
            data-testid="deploy-problems"
            content={
              <List
                size="small"
                dataSource={problems}
                render={(p: ModelProblem, i) => <List.Item key={i}>{p.message}</List.Item>}
              />
            }
          />
        )}
        <div className="flow-designer">
          <div className="flow-canvas" ref={setContainer} data-testid="designer-canvas" />
          <div className="flow-panel">
            <ElementPanel element={selected} actions={actions} />
          </div>
        </div>
      </div>
    </Drawer>
  );
}
