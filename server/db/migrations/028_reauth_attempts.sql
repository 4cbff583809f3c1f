-- Re-authentication tries (SECURITY-TESTS T3.7): a wrong current password on change-password counts
-- with the login limits of its account (the same rows), and is tied to the session that sent it, so
-- a few wrong ones end that session, whichever server process answered them.
ALTER TABLE login_attempt ADD COLUMN IF NOT EXISTS session_id uuid;
CREATE INDEX IF NOT EXISTS login_attempt_session_idx ON login_attempt (session_id, created_at) WHERE session_id IS NOT NULL;
