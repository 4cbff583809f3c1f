import { Component, type ReactNode } from 'react';
import { Button, Result } from '@arco-design/web-react';
import { i18n } from '../i18n';
import { ChunkLoadError } from '../chunks';

interface State { failure: ChunkLoadError | null }

/** Shows why a part of the shell could not be loaded (SPEC §8), with a reload; other errors pass on. */
export class ChunkBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failure: null };

  static getDerivedStateFromError(error: unknown): State | null {
    if (error instanceof ChunkLoadError) return { failure: error };
    throw error;
  }

  override render() {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    return (
      <div className="error-page" data-testid="chunk-error">
        <Result
          status="warning"
          title={i18n.t(`shell:chunk.${failure.kind}`)}
          subTitle={i18n.t('shell:chunk.hint')}
          extra={<Button type="primary" onClick={() => window.location.reload()}>{i18n.t('shell:chunk.reload')}</Button>}
        />
      </div>
    );
  }
}
