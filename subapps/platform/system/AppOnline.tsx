import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tag, Tooltip } from '@arco-design/web-react';
import type { ChildBridge } from '../../../bridge/child';
import { useBridge } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import type { AppOnline, ServiceState } from '../../../model/helper';
import { bridgeClient } from '../../kit/api';

const COLORS: Record<ServiceState, string> = {
  online: 'green',
  offline: 'red',
  'no-bridge': 'orange',
  hung: 'magenta',
};
const FRESH_MS = 15_000;

/** One request for all the rows of a page (the server probes at most once a minute anyway). */
let shared: { at: number; states: Promise<Map<string, AppOnline>> } | null = null;
function onlineStates(bridge: ChildBridge): Promise<Map<string, AppOnline>> {
  if (!shared || Date.now() - shared.at > FRESH_MS) {
    const states = bridgeClient(bridge)
      .call(contract.helper.appOnline, { timeout: 30_000, showError: false })
      .then((list) => new Map(list.map((s) => [s.id, s])));
    shared = { at: Date.now(), states };
    states.catch(() => {
      if (shared?.states === states) shared = null;
    });
  }
  return shared.states;
}

/** The registry row's online state (SPEC §3 `online`), from the server's probe; disabled apps are not probed. */
export function AppOnlineTag({ id, enabled }: { id: string; enabled: boolean }) {
  const { t } = useTranslation('platform');
  const bridge = useBridge();
  const [state, setState] = useState<AppOnline | null | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    onlineStates(bridge).then(
      (m) => live && setState(m.get(id) ?? null),
      () => live && setState(null),
    );
    return () => {
      live = false;
    };
  }, [bridge, id, enabled]);
  if (!enabled || state === null) return <span data-testid={`online-${id}`}>—</span>;
  if (state === undefined)
    return (
      <span data-testid={`online-${id}`} data-state="probing">
        …
      </span>
    );
  const tip = [
    state.version && `${t('helper.version')} ${state.version}`,
    state.latencyMs !== null && `${state.latencyMs} ms`,
  ]
    .filter(Boolean)
    .join(' · ');
  const tag = (
    <Tag color={COLORS[state.state]} data-testid={`online-${id}`} data-state={state.state}>
      {t(`helper.states.${state.state}`)}
    </Tag>
  );
  return tip ? <Tooltip content={tip}>{tag}</Tooltip> : tag;
}
