-- Electronic signatures on workflow approvals (issue 25). A user task declared with
-- `mes:signature="approved reviewed"` copies its allowed meanings onto each task row it opens;
-- deciding such a task stores who signed, with which meaning, and when, on the same row.
ALTER TABLE wf_task ADD COLUMN sign_meanings text[];
ALTER TABLE wf_task ADD COLUMN signer_id uuid;
ALTER TABLE wf_task ADD COLUMN signer_name varchar(200);
ALTER TABLE wf_task ADD COLUMN sign_meaning varchar(64);
ALTER TABLE wf_task ADD COLUMN signed_at timestamptz;
-- A signature is whole or absent.
ALTER TABLE wf_task ADD CONSTRAINT wf_task_signature_whole CHECK (
  (signer_id IS NULL AND signer_name IS NULL AND sign_meaning IS NULL AND signed_at IS NULL)
  OR (signer_id IS NOT NULL AND signer_name IS NOT NULL AND sign_meaning IS NOT NULL AND signed_at IS NOT NULL)
);
