-- A call may run on the sessions and permissions its server holds without reading `auth_state`
-- first, when its own transaction confirms before it commits that the generation they were read
-- under is still the current one (the encoding rule's generate call: issue 22). The refusal has its
-- own SQLSTATE so that the server re-checks the caller and runs the call again, never answers it.
CREATE FUNCTION confirm_auth_generation(expected bigint) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF (SELECT generation FROM auth_state) IS DISTINCT FROM expected THEN
    RAISE EXCEPTION 'the sessions and permissions changed since the call''s were read'
      USING ERRCODE = 'AUTHG';
  END IF;
  RETURN true;
END $$;
