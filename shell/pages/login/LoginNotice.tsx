import { Alert } from '@arco-design/web-react';

/** Why the user is back at the login page (a session ended or was refused); loaded only when there is a reason. */
export default function LoginNotice({ notice, onClose }: { notice: string; onClose: () => void }) {
  return <Alert type="warning" content={notice} className="login-notice" closable onClose={onClose} />;
}
