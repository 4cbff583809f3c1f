-- The encoding rule's generate call may send a whole batch in one message, its codes formatted
-- ahead from the counter value its server saw last (issue 22). The message's update names that
-- value; when the counter no longer stands there (another server issued since), the rule changed,
-- or the numbers would run past the end, it updates nothing, and this refuses with its own
-- SQLSTATE: the whole message is undone, and the server takes its numbers the usual way.
CREATE FUNCTION expect_counter_taken(taken bigint) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF taken IS DISTINCT FROM 1 THEN
    RAISE EXCEPTION 'the counter is not where this server saw it last'
      USING ERRCODE = 'CNTMV';
  END IF;
  RETURN true;
END $$;
