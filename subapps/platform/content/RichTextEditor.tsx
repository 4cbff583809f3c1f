import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Space } from '@arco-design/web-react';
import { inertHtml } from './inert-html';

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  testId?: string;
}

type Command = { key: string; label: string; run: () => void };

/**
 * A small rich-text editor on contentEditable, with an HTML source view. What it produces is only a
 * draft: the server sanitises every stored document, so pasted scripts or handlers never reach a
 * reader. HTML shown in the editing area is made inert first, so a draft cannot run in the editor.
 */
export function RichTextEditor({ value = '', onChange, testId }: Props) {
  const { t } = useTranslation('platform');
  const area = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState(false);

  // Only push outside changes into the editable area: rewriting it while typing would move the caret.
  useEffect(() => {
    if (source || !area.current) return;
    if (area.current.innerHTML !== value) area.current.innerHTML = inertHtml(value);
  }, [value, source]);

  const emit = () => onChange?.(area.current?.innerHTML ?? '');
  const exec = (command: string, arg?: string) => {
    area.current?.focus();
    document.execCommand(command, false, arg);
    emit();
  };
  const askUrl = (command: 'createLink' | 'insertImage') => {
    const url = window.prompt(t(command === 'createLink' ? 'content.editor.linkPrompt' : 'content.editor.imagePrompt'));
    if (url && /^https?:\/\//i.test(url.trim())) exec(command, url.trim());
  };

  const commands: Command[] = [
    { key: 'bold', label: t('content.editor.bold'), run: () => exec('bold') },
    { key: 'italic', label: t('content.editor.italic'), run: () => exec('italic') },
    { key: 'h2', label: t('content.editor.heading'), run: () => exec('formatBlock', 'h2') },
    { key: 'p', label: t('content.editor.paragraph'), run: () => exec('formatBlock', 'p') },
    { key: 'ul', label: t('content.editor.bullets'), run: () => exec('insertUnorderedList') },
    { key: 'ol', label: t('content.editor.numbers'), run: () => exec('insertOrderedList') },
    { key: 'link', label: t('content.editor.link'), run: () => askUrl('createLink') },
    { key: 'image', label: t('content.editor.image'), run: () => askUrl('insertImage') },
  ];

  return (
    <div className="rich-editor">
      <Space size="mini" wrap>
        {commands.map((c) => (
          <Button key={c.key} size="mini" disabled={source} onMouseDown={(e) => e.preventDefault()} onClick={c.run}>
            {c.label}
          </Button>
        ))}
        <Button
          size="mini"
          type={source ? 'primary' : 'secondary'}
          data-testid={testId ? `${testId}-source` : undefined}
          onClick={() => setSource((s) => !s)}
        >
          {t('content.editor.source')}
        </Button>
      </Space>
      {source ? (
        <Input.TextArea
          value={value}
          onChange={(v) => onChange?.(v)}
          autoSize={{ minRows: 7, maxRows: 20 }}
          style={{ marginTop: 4, fontFamily: 'monospace' }}
          data-testid={testId ? `${testId}-html` : undefined}
        />
      ) : (
        <div
          ref={area}
          contentEditable
          suppressContentEditableWarning
          data-testid={testId}
          onInput={emit}
          onBlur={emit}
          style={{
            minHeight: 160,
            border: '1px solid var(--color-border-2)',
            padding: 8,
            marginTop: 4,
            overflow: 'auto',
          }}
        />
      )}
    </div>
  );
}
