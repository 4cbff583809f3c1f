-- A write with one history entry may format it from where its server last left the tenant's chain,
-- and take the head in the same message as its COMMIT (issue 22: the head is held for one round
-- trip, not two). The update names the head it expects; when another write moved it meanwhile, the
-- update takes nothing, and this refuses with its own SQLSTATE: the server goes back to its
-- savepoint and takes the head the usual way.
CREATE FUNCTION expect_chain_head(taken bigint) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF taken IS DISTINCT FROM 1 THEN
    RAISE EXCEPTION 'the history chain is not where this server saw it last'
      USING ERRCODE = 'CHNMV';
  END IF;
  RETURN true;
END $$;
