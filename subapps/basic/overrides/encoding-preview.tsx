import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input, Space, Tag } from '@arco-design/web-react';
import { contract } from '../../../model/contract';
import { encodingRule } from '../../../model/resources/encoding-rule';
import {
  EncodingError,
  compileEncodingRule,
  formatCodes,
  isoDate,
  localDateAt,
  parseLocalDate,
  type EncodingRuleInput,
} from '../../../model/rules';
import { useApi } from '../../kit/api';
import { checkInput } from '../../kit/engine/validation';

/** How many codes the preview shows. */
const PREVIEW_COUNT = 5;

type Uses = { factory: boolean; line: boolean };
type Outcome = { codes: string[]; uses: Uses } | { problems: string[] };

/**
 * The first codes of the rule as the form stands, computed here with the same model code the
 * server issues with: nothing is reserved, no counter moves. A rule that does not validate shows
 * why instead (the messages of SPEC §5, as the save would give them).
 */
function useOutcome(
  values: Record<string, unknown>,
  context: { factoryCode: string; lineCode: string; date: string },
): Outcome {
  const { t } = useTranslation(['basic', 'model']);
  return useMemo(() => {
    const input = { ...values, name: values.name || 'PREVIEW' };
    const problems = checkInput(t, encodingRule, input);
    if (Object.keys(problems).length > 0) return { problems: Object.values(problems) };
    const date = parseLocalDate(context.date);
    if (!date) return { problems: [t('basic:encodingRule.previewDate')] };
    try {
      const rule = compileEncodingRule(input as unknown as EncodingRuleInput);
      const count = rule.capacity < BigInt(PREVIEW_COUNT) ? Number(rule.capacity) : PREVIEW_COUNT;
      return {
        codes: formatCodes(rule, 0n, count, {
          factoryCode: context.factoryCode || null,
          lineCode: context.lineCode || null,
          date,
        }),
        uses: rule.uses,
      };
    } catch (err) {
      if (err instanceof EncodingError) return { problems: [t(`model:${err.message}`, err.params)] };
      return { problems: [String(err)] };
    }
  }, [values, context.factoryCode, context.lineCode, context.date, t]);
}

/**
 * A saved rule's next codes as its counter stands on the server for the context (codes already
 * issued are skipped), fetched on request; still nothing is reserved.
 */
function CounterPreview({
  ruleId,
  context,
  uses,
}: {
  ruleId: string;
  context: { factoryCode: string; lineCode: string; date: string };
  uses: Uses;
}) {
  const { t } = useTranslation('basic');
  const api = useApi();
  const [codes, setCodes] = useState<string[] | null>(null);
  const load = async () => {
    try {
      // Only the parts the rule prints: the server checks a given factory and line exist.
      const query = {
        count: PREVIEW_COUNT,
        factoryCode: uses.factory ? context.factoryCode || undefined : undefined,
        lineCode: uses.line ? context.lineCode || undefined : undefined,
        date: context.date || undefined,
      };
      setCodes((await api.call(contract.rules.preview, { params: { id: ruleId }, query })).codes);
    } catch {
      setCodes(null); // the shell showed why
    }
  };
  return (
    <div className="encoding-preview-counter" style={{ marginTop: 8 }}>
      <Button size="small" onClick={() => void load()} data-testid="btn-counter-preview">
        {t('encodingRule.counterPreview')}
      </Button>
      {codes && (
        <Space wrap style={{ marginLeft: 8 }} data-testid="counter-preview-codes">
          {codes.map((code) => (
            <Tag key={code} data-testid="counter-preview-code">
              {code}
            </Tag>
          ))}
        </Space>
      )}
    </div>
  );
}

function PreviewBody({ values, ruleId }: { values: Record<string, unknown>; ruleId?: string }) {
  const { t } = useTranslation('basic');
  const [factoryCode, setFactoryCode] = useState('F001');
  const [lineCode, setLineCode] = useState('SMT-01');
  const [date, setDate] = useState(() => isoDate(localDateAt(new Date(), -new Date().getTimezoneOffset())));
  const outcome = useOutcome(values, { factoryCode, lineCode, date });
  return (
    <div className="encoding-preview" data-testid="encoding-preview">
      <h4 className="page-panel-title">{t('encodingRule.preview')}</h4>
      <Alert type="info" content={t('encodingRule.previewHint')} />
      <Space wrap style={{ margin: '8px 0' }}>
        <span data-testid="preview-factory">
          <Input
            addBefore={t('encodingRule.previewFactory')}
            value={factoryCode}
            onChange={setFactoryCode}
            style={{ width: 200 }}
          />
        </span>
        <span data-testid="preview-line">
          <Input
            addBefore={t('encodingRule.previewLine')}
            value={lineCode}
            onChange={setLineCode}
            style={{ width: 200 }}
          />
        </span>
        <span data-testid="preview-date">
          <Input addBefore={t('encodingRule.previewDay')} value={date} onChange={setDate} style={{ width: 220 }} />
        </span>
      </Space>
      {'codes' in outcome ? (
        <div className="encoding-preview-codes" data-testid="encoding-preview-codes">
          {outcome.codes.map((code, i) => (
            <Tag key={`${i}-${code}`} color="arcoblue" data-testid="encoding-preview-code">
              {code}
            </Tag>
          ))}
        </div>
      ) : (
        <ul className="encoding-preview-problems" data-testid="encoding-preview-problems">
          {outcome.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {ruleId && 'codes' in outcome && (
        <CounterPreview ruleId={ruleId} context={{ factoryCode, lineCode, date }} uses={outcome.uses} />
      )}
    </div>
  );
}

/** The live preview section of the encoding-rule form: re-rendered on every change of the form. */
export function EncodingPreview({ ruleId }: { ruleId?: string }) {
  return (
    <Form.Item shouldUpdate noStyle>
      {(values: Record<string, unknown>) => <PreviewBody values={values} ruleId={ruleId} />}
    </Form.Item>
  );
}
