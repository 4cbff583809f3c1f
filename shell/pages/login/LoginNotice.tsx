import { Alert } from '@arco-design/web-react';

/** Why the user is back at the login page, or why a sign-on failed; loaded only when there is such a reason. */
export default function LoginNotice({
  notice,
  type = 'warning',
  onClose,
  testId,
}: {
  notice: string;
  type?: 'warning' | 'error';
  onClose?: () => void;
  testId?: string;
}) {
  return (
    <Alert
      type={type}
      content={notice}
      className="login-notice"
      closable={Boolean(onClose)}
      onClose={onClose}
      data-testid={testId}
    />
  );
}
