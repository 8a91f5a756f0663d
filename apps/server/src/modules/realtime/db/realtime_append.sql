-- realtime_append(): the stream and history part of a publication, inside the caller's
-- transaction, without a transactional NOTIFY (PostgreSQL serialises the commits of transactions
-- that issued one, so money movements could not group-commit). Returns the stream position; the
-- server sends the notification right after commit, and a notification lost in between (a crash)
-- is recovered by the clients from the history, as after any gap. The trim deletes exactly the
-- one publication that leaves the window (see realtime_publish.sql).

CREATE OR REPLACE FUNCTION realtime_append(p_channel text, p_data text, p_history_size integer)
RETURNS TABLE (epoch text, "offset" bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_epoch text;
  v_offset bigint;
BEGIN
  INSERT INTO realtime_streams AS s (channel, epoch, top_offset)
  VALUES (p_channel, substr(md5(random()::text || clock_timestamp()::text), 1, 12), 1)
  ON CONFLICT (channel) DO UPDATE SET top_offset = s.top_offset + 1, updated_at = now()
  RETURNING s.epoch, s.top_offset INTO v_epoch, v_offset;
  INSERT INTO realtime_history (channel, "offset", data) VALUES (p_channel, v_offset, p_data::json);
  DELETE FROM realtime_history h
  WHERE h.channel = p_channel AND h."offset" = v_offset - p_history_size;
  RETURN QUERY SELECT v_epoch, v_offset;
END
$$;
