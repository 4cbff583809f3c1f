import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Descriptions, Form, Input, Tag } from '@arco-design/web-react';
import { inputSchema, issuesOf } from '../../../model/engine';
import { scanRule } from '../../../model/resources/scan-rule';
import {
  parseBarcode,
  scanRuleShapeIssues,
  vectorIssues,
  type ScanResult,
  type ScanRuleInput,
} from '../../../model/rules';
import { labelOfPath } from '../../kit/engine/labels';

// The rule without its test vectors: the panel tries barcodes on a draft, as the server's parse API does.
const shapeSchema = inputSchema({ ...scanRule, rules: scanRuleShapeIssues });

type Outcome = { result: ScanResult; vectors: string[]; vectorCount: number } | { problems: string[] };

function useOutcome(values: Record<string, unknown>, barcode: string): Outcome {
  const { t } = useTranslation(['basic', 'model', 'common']);
  return useMemo(() => {
    const input = { ...values, code: 'DRAFT', name: 'DRAFT', testVectors: [] };
    const parsed = shapeSchema.safeParse(input);
    if (!parsed.success) {
      return {
        problems: issuesOf(parsed.error).map((i) =>
          t(`model:${i.key}`, { ...i.params, field: labelOfPath(t, scanRule, i.field) }),
        ),
      };
    }
    const rule = parsed.data as Record<string, unknown>;
    const vectors = Array.isArray(values.testVectors) ? values.testVectors : [];
    const vectorMessages = vectorIssues({ ...rule, testVectors: vectors }).map((i) =>
      t(`model:${i.key}`, { ...i.params, field: labelOfPath(t, scanRule, i.field) }),
    );
    return {
      result: parseBarcode(rule as unknown as ScanRuleInput, barcode),
      vectors: vectorMessages,
      vectorCount: vectors.length,
    };
  }, [values, barcode, t]);
}

function Verdict({ result }: { result: ScanResult }) {
  const { t } = useTranslation(['basic', 'model']);
  const checksum = { pass: 'green', fail: 'red', none: 'gray' }[result.checksum];
  const data = [
    {
      label: t('basic:scanTest.verdict'),
      value: (
        <Tag color={result.ok ? 'green' : 'red'} data-testid="scan-verdict">
          {t(result.ok ? 'basic:scanTest.accepted' : 'basic:scanTest.refused')}
        </Tag>
      ),
    },
    { label: t('basic:scanTest.part'), value: <span data-testid="scan-part">{result.part ?? ''}</span> },
    { label: t('basic:scanTest.sn'), value: <span data-testid="scan-sn">{result.sn ?? ''}</span> },
    {
      label: t('basic:scanTest.dateCode'),
      value: (
        <span data-testid="scan-datecode">
          {result.dateCode ?? ''}
          {result.date ? ` (${result.date})` : ''}
        </span>
      ),
    },
    {
      label: t('basic:scanTest.checksum'),
      value: (
        <Tag color={checksum} data-testid="scan-checksum">
          {t(`basic:scanTest.checksum_${result.checksum}`)}
        </Tag>
      ),
    },
  ];
  return (
    <>
      <Descriptions column={1} data={data} border size="small" />
      {result.errors.length > 0 && (
        <ul className="scan-test-errors" data-testid="scan-errors">
          {result.errors.map((e, i) => (
            <li key={`${i}-${e.key}`}>{t(`model:${e.key}`, e.params)}</li>
          ))}
        </ul>
      )}
    </>
  );
}

function PanelBody({ values }: { values: Record<string, unknown> }) {
  const { t } = useTranslation('basic');
  const [barcode, setBarcode] = useState('');
  const outcome = useOutcome(values, barcode);
  return (
    <div className="scan-test-panel" data-testid="scan-test-panel">
      <h4 className="page-panel-title">{t('scanTest.title')}</h4>
      <div data-testid="scan-test-input">
        <Input.TextArea
          value={barcode}
          onChange={setBarcode}
          placeholder={t('scanTest.paste')}
          autoSize={{ minRows: 1, maxRows: 3 }}
        />
      </div>
      {'problems' in outcome ? (
        <ul className="scan-test-errors" data-testid="scan-rule-problems">
          {outcome.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : (
        <>
          {barcode && <Verdict result={outcome.result} />}
          {outcome.vectorCount > 0 &&
            (outcome.vectors.length === 0 ? (
              <p data-testid="scan-vectors-ok">{t('scanTest.vectorsPass', { count: outcome.vectorCount })}</p>
            ) : (
              <ul className="scan-test-errors" data-testid="scan-vectors-failed">
                {outcome.vectors.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            ))}
        </>
      )}
    </div>
  );
}

/** The scan rule form's test panel: paste a barcode, see part, SN, date code and checksum verdict. */
export function ScanTestPanel() {
  return (
    <Form.Item shouldUpdate noStyle>
      {(values: Record<string, unknown>) => <PanelBody values={values} />}
    </Form.Item>
  );
}
