/**
 * A sub-app shows the route the shell asked for even when the ask arrived while its first route
 * was rendering (before it listened): the tab opened right after a login showed the workbench.
 */
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { BridgeValueProvider } from '../../bridge/react';
import type { BridgeContext } from '../../bridge/protocol';
import { useRoute } from '../../subapps/kit/SubAppRoot';
import { fakeBridge } from './resource-page-harness';

describe("a sub-app's route", () => {
  it('follows a navigation the shell sent between the first render and the subscription', () => {
    const bridge = fakeBridge([], 'en', () => null);
    const first = bridge.context;
    let arrived = false;
    // The context the shell pushes lands while the page renders; the page subscribes after that.
    Object.defineProperty(bridge, 'context', {
      get: (): BridgeContext => ({ ...first, path: arrived ? '/platform/dict' : '/home' }),
    });
    bridge.on = () => {
      arrived = true;
      return () => undefined;
    };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <BridgeValueProvider bridge={bridge}>{children}</BridgeValueProvider>
    );
    const { result } = renderHook(() => useRoute(), { wrapper });
    expect(result.current).toBe('/platform/dict');
  });
});
