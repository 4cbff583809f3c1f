import { useTranslation } from 'react-i18next';
import { Checkbox, Empty, Form, Input, Select } from '@arco-design/web-react';
import {
  ASSIGNEE_ATTRIBUTE,
  ASSIGNEE_KINDS,
  formatAssignee,
  parseAssignee,
  type AssigneeKind,
  type AssigneeSpec,
} from '../../../model/workflow/assignee';
import { SIGNATURE_ATTRIBUTE, SIGNATURE_MEANINGS, parseSignatureMeanings } from '../../../model/workflow/signature';
import type { DiagramElement } from './bpmn-types';

export interface PanelActions {
  rename(element: DiagramElement, name: string): void;
  setAssignee(element: DiagramElement, value: string): void;
  setCondition(element: DiagramElement, body: string): void;
  setDefault(element: DiagramElement, isDefault: boolean): void;
  /** The meanings a signer may choose; none: deciding needs no signature. */
  setSignature(element: DiagramElement, meanings: string[]): void;
}

function specFrom(kind: AssigneeKind, code: string): AssigneeSpec {
  switch (kind) {
    case 'user':
      return { kind, account: code };
    case 'role':
      return { kind, code };
    case 'dept-head':
      return { kind, code };
    case 'manager':
      return { kind };
  }
}

const codeOf = (s: AssigneeSpec | null) =>
  !s ? '' : s.kind === 'user' ? s.account : s.kind === 'manager' ? '' : s.code;

/** The properties of the selected element that the portal runs on: names, assignees, conditions. */
export function ElementPanel({ element, actions }: { element: DiagramElement | null; actions: PanelActions }) {
  const { t } = useTranslation('platform');
  if (!element) return <Empty description={t('flow.selectElement')} />;
  const bo = element.businessObject;
  const raw = bo.$attrs[ASSIGNEE_ATTRIBUTE] ?? '';
  const spec = parseAssignee(raw);
  const kind: AssigneeKind = spec?.kind ?? (raw.split(':')[0] as AssigneeKind) ?? 'role';
  const signature = parseSignatureMeanings(bo.$attrs[SIGNATURE_ATTRIBUTE]);
  const fromGateway = element.type === 'bpmn:SequenceFlow' && bo.sourceRef?.$type === 'bpmn:ExclusiveGateway';

  return (
    <Form layout="vertical" key={element.id} data-testid="element-panel">
      <Form.Item label={t('flow.elementId')}>
        <Input value={element.id} disabled />
      </Form.Item>
      <Form.Item label={t('flow.elementName')}>
        <Input
          data-testid="element-name"
          defaultValue={bo.name ?? ''}
          onBlur={(e) => actions.rename(element, e.target.value)}
        />
      </Form.Item>
      {element.type === 'bpmn:UserTask' && (
        <>
          <Form.Item label={t('flow.assigneeKind')} required>
            <Select
              data-testid="assignee-kind"
              value={ASSIGNEE_KINDS.includes(kind) ? kind : undefined}
              options={ASSIGNEE_KINDS.map((k) => ({ value: k, label: t(`flow.assignee.${k}`) }))}
              onChange={(k: AssigneeKind) =>
                actions.setAssignee(element, k === 'manager' ? 'manager' : `${k}:${codeOf(spec)}`)
              }
            />
          </Form.Item>
          {kind !== 'manager' && (
            <Form.Item
              label={t(`flow.assigneeCode.${ASSIGNEE_KINDS.includes(kind) ? kind : 'role'}`)}
              required
              validateStatus={raw && !spec ? 'error' : undefined}
              help={raw && !spec ? t('flow.assigneeInvalid') : undefined}
            >
              <Input
                data-testid="assignee-code"
                defaultValue={codeOf(spec) || raw.split(':')[1] || ''}
                onBlur={(e) =>
                  actions.setAssignee(
                    element,
                    formatAssignee(specFrom(ASSIGNEE_KINDS.includes(kind) ? kind : 'role', e.target.value.trim())),
                  )
                }
              />
            </Form.Item>
          )}
          <Form.Item label={t('flow.signatureMeanings')}>
            <div data-testid="signature-meanings">
              <Checkbox.Group
                value={Array.isArray(signature) ? signature : []}
                options={SIGNATURE_MEANINGS.map((m) => ({ value: m, label: t(`common:signature.meaning.${m}`) }))}
                onChange={(v: string[]) => actions.setSignature(element, v)}
              />
            </div>
          </Form.Item>
        </>
      )}
      {fromGateway && (
        <>
          <Form.Item label={t('flow.condition')} extra={t('flow.conditionHelp')}>
            <Input
              data-testid="flow-condition"
              defaultValue={bo.conditionExpression?.body ?? ''}
              placeholder="${amount >= 10000}"
              onBlur={(e) => actions.setCondition(element, e.target.value.trim())}
            />
          </Form.Item>
          <Checkbox
            checked={bo.sourceRef?.default?.id === bo.id}
            onChange={(v: boolean) => actions.setDefault(element, v)}
          >
            {t('flow.defaultFlow')}
          </Checkbox>
        </>
      )}
    </Form>
  );
}
