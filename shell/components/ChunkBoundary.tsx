import { Component, type ReactNode } from 'react';
import { Button } from '@arco-design/web-react';
import { IconExclamationCircleFill } from '@arco-design/web-react/icon';
import { i18n } from '../i18n';
import { ChunkLoadError } from '../chunks';

interface State {
  failure: ChunkLoadError | null;
}

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
        {/* Not Arco's Result: it carries the error pages' pictures, which the login page need not download. */}
        <div className="chunk-error" role="alert">
          <IconExclamationCircleFill className="chunk-error-icon" />
          <div className="chunk-error-title">{i18n.t(`shell:chunk.${failure.kind}`)}</div>
          <div className="chunk-error-hint">{i18n.t('shell:chunk.hint')}</div>
          <Button type="primary" onClick={() => window.location.reload()}>
            {i18n.t('shell:chunk.reload')}
          </Button>
        </div>
      </div>
    );
  }
}
