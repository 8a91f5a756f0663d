-- ledger_post_many(): many ledger movements in one round trip (LedgerRepository.postMany), for a
-- writer that moves money for many players at once (the sport settlement's batch of tickets).
-- Each movement is what ledger_post() posts: a typed transaction with its external reference
-- (required here: a batch is only safe to repeat when every movement in it is idempotent) and
-- its postings. The movements are numbered 1..n (p_types, p_references, p_metadata); the
-- postings name their movement by that number (p_positions) with the parallel arrays of
-- ledger_post() (owner type, user id, currency, kind, amount).
--
-- Done once for the whole batch, as ledger_post() does for one: missing accounts are created (in
-- key order), the player accounts are locked in id order (the lock order of every ledger
-- movement: no deadlocks with them), movements whose (type, reference) was posted already are
-- answered as replayed and move nothing, the player balances are checked under the lock against
-- the sum of everything the batch moves on them; only then is anything written: every
-- transaction with every posting in one statement (the ledger's statement checks,
-- ledger_postings_checked and ledger_transactions_checked, run at its end), then the player
-- balances. Platform accounts are neither locked nor updated (their balance is the sum of their
-- postings, see ledger_post.sql).
--
-- Returns one row per movement: its transaction id and whether it had been posted already; or,
-- when a player account would go below zero, nothing written and one row naming the first short
-- account (idx null).

CREATE OR REPLACE FUNCTION ledger_post_many(
  p_types text[],
  p_references text[],
  p_metadata jsonb[],
  p_positions integer[],
  p_owner_types text[],
  p_user_ids uuid[],
  p_currencies text[],
  p_kinds text[],
  p_amounts bigint[]
) RETURNS TABLE (
  idx integer,
  transaction_id bigint,
  replayed boolean,
  short_currency text,
  short_balance_minor bigint,
  short_debit_minor bigint
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_replayed integer[];
  v_short record;
BEGIN
  IF cardinality(p_types) IS DISTINCT FROM cardinality(p_references)
    OR cardinality(p_types) IS DISTINCT FROM cardinality(p_metadata)
    OR EXISTS (SELECT 1 FROM unnest(p_references) r WHERE r IS NULL)
    OR (SELECT count(DISTINCT (t, r)) FROM unnest(p_types, p_references) AS m (t, r))
      <> cardinality(p_types)
  THEN
    RAISE EXCEPTION 'ledger_post_many: every movement needs its own type and reference'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF coalesce(cardinality(p_types), 0) = 0 THEN
    RETURN;
  END IF;

  -- first use of some account: create it (in key order)
  INSERT INTO ledger_accounts (owner_type, user_id, currency, kind)
  SELECT DISTINCT w.owner_type, w.user_id, w.currency, w.kind
  FROM unnest(p_owner_types, p_user_ids, p_currencies, p_kinds) AS w (owner_type, user_id, currency, kind)
  WHERE NOT EXISTS (
    SELECT 1 FROM ledger_accounts a
    WHERE a.account_key = w.owner_type || ':' || coalesce(w.user_id::text, '') || ':'
      || w.currency || ':' || w.kind
  )
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT ledger_accounts_account_key DO NOTHING;

  PERFORM 1 FROM ledger_accounts a
  WHERE a.account_key IN (
    SELECT w.owner_type || ':' || coalesce(w.user_id::text, '') || ':' || w.currency || ':' || w.kind
    FROM unnest(p_owner_types, p_user_ids, p_currencies, p_kinds) AS w (owner_type, user_id, currency, kind)
    WHERE w.owner_type = 'player'
  )
  ORDER BY a.id
  FOR UPDATE OF a;

  -- under the locks: what was posted already (by an earlier run, or one that held them)
  v_replayed := ARRAY(
    SELECT m.idx::integer
    FROM unnest(p_types, p_references) WITH ORDINALITY AS m (type, reference, idx)
    WHERE EXISTS (
      SELECT 1 FROM ledger_transactions t
      WHERE t.type = m.type AND t.external_reference = m.reference
    )
  );

  SELECT a.currency, a.balance_minor, -sum(w.amount) AS debit INTO v_short
  FROM unnest(p_positions, p_owner_types, p_user_ids, p_currencies, p_kinds, p_amounts)
    AS w (position, owner_type, user_id, currency, kind, amount)
  JOIN ledger_accounts a ON a.account_key =
    w.owner_type || ':' || coalesce(w.user_id::text, '') || ':' || w.currency || ':' || w.kind
  WHERE w.owner_type = 'player' AND NOT (w.position = ANY (v_replayed))
  GROUP BY a.id, a.currency, a.balance_minor
  HAVING a.balance_minor + sum(w.amount) < 0
  ORDER BY a.id
  LIMIT 1;
  IF FOUND THEN
    RETURN QUERY SELECT NULL::integer, NULL::bigint, false, v_short.currency,
      v_short.balance_minor, v_short.debit::bigint;
    RETURN;
  END IF;

  -- every transaction and its postings in one statement: the ledger's checks run at its end;
  -- then the player balances, from the postings written (a movement a concurrent duplicate
  -- committed first is skipped whole)
  RETURN QUERY
  WITH movements AS (
    SELECT m.type, m.reference, m.metadata, m.idx::integer AS idx
    FROM unnest(p_types, p_references, p_metadata) WITH ORDINALITY AS m (type, reference, metadata, idx)
    WHERE NOT (m.idx::integer = ANY (v_replayed))
  ), created AS (
    INSERT INTO ledger_transactions AS t (type, external_reference, metadata)
    SELECT mv.type, mv.reference, mv.metadata FROM movements mv ORDER BY mv.idx
    ON CONFLICT ON CONSTRAINT ledger_transactions_external_reference_key DO NOTHING
    RETURNING t.id, t.type, t.external_reference
  ), numbered AS (
    SELECT c.id, mv.idx FROM created c
    JOIN movements mv ON mv.type = c.type AND mv.reference = c.external_reference
  ), posted AS (
    INSERT INTO ledger_postings (transaction_id, account_id, currency, amount_minor)
    SELECT n.id, a.id, a.currency, w.amount
    FROM numbered n
    JOIN unnest(p_positions, p_owner_types, p_user_ids, p_currencies, p_kinds, p_amounts)
      AS w (position, owner_type, user_id, currency, kind, amount) ON w.position = n.idx
    JOIN ledger_accounts a ON a.account_key =
      w.owner_type || ':' || coalesce(w.user_id::text, '') || ':' || w.currency || ':' || w.kind
    RETURNING account_id, amount_minor
  ), balances AS (
    UPDATE ledger_accounts a
    SET balance_minor = a.balance_minor + d.delta, updated_at = now()
    FROM (SELECT p.account_id, sum(p.amount_minor)::bigint AS delta FROM posted p GROUP BY p.account_id) d
    WHERE a.id = d.account_id AND a.owner_type = 'player' AND d.delta <> 0
  )
  SELECT m.idx::integer, coalesce(n.id, t.id), n.id IS NULL, NULL::text, NULL::bigint, NULL::bigint
  FROM unnest(p_types, p_references) WITH ORDINALITY AS m (type, reference, idx)
  LEFT JOIN numbered n ON n.idx = m.idx
  LEFT JOIN ledger_transactions t
    ON n.id IS NULL AND t.type = m.type AND t.external_reference = m.reference
  ORDER BY m.idx;
END;
$$;
