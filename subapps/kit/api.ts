/** The typed API client of a React sub-app: every call goes through the shell's bridge. */
import { useMemo } from 'react';
import { apiClient, type ApiClient } from '../../model/contract/client';
import type { ChildBridge } from '../../bridge/child';
import { useBridge } from '../../bridge/react';

export const bridgeClient = (bridge: ChildBridge): ApiClient => apiClient((call) => bridge.request(call));

export function useApi(): ApiClient {
  const bridge = useBridge();
  return useMemo(() => bridgeClient(bridge), [bridge]);
}
