-- realtime_publish(): publishes `p_data` (JSON text) to `p_channel` with the built-in engine, for
-- the writers that do not open a ledger transaction (the NOTIFY is delivered at their commit).
-- With p_history_size > 0 the channel's stream advances by one (its row stays locked until
-- commit, so offsets of one channel commit in order), the publication joins the history and the
-- one publication that leaves the window is deleted (a range delete would step over every row
-- deleted before it until vacuum; rows a smaller history size leaves below the window go with
-- the hourly retention job). The notification carries channel, epoch, offset, a unique id
-- (identical payloads in one transaction would otherwise be folded into one) and the data.

CREATE OR REPLACE FUNCTION realtime_publish(p_channel text, p_data text, p_history_size integer, p_uid text)
RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_epoch text;
  v_offset bigint;
BEGIN
  IF p_history_size > 0 THEN
    INSERT INTO realtime_streams AS s (channel, epoch, top_offset)
    VALUES (p_channel, substr(md5(random()::text || clock_timestamp()::text), 1, 12), 1)
    ON CONFLICT (channel) DO UPDATE SET top_offset = s.top_offset + 1, updated_at = now()
    RETURNING s.epoch, s.top_offset INTO v_epoch, v_offset;
    INSERT INTO realtime_history (channel, "offset", data) VALUES (p_channel, v_offset, p_data::json);
    DELETE FROM realtime_history
    WHERE channel = p_channel AND "offset" = v_offset - p_history_size;
  END IF;
  PERFORM pg_notify('realtime',
    '{"c":' || to_json(p_channel)::text ||
    ',"e":' || coalesce(to_json(v_epoch)::text, 'null') ||
    ',"o":' || coalesce(v_offset::text, 'null') ||
    ',"u":' || to_json(p_uid)::text ||
    -- NOTIFY payloads stop at 8000 bytes: a larger publication of a user channel is read back
    -- from the history by (channel, offset); a larger broadcast is refused by the caller
    CASE WHEN octet_length(p_data) > 7000 AND v_offset IS NOT NULL THEN ''
         ELSE ',"d":' || p_data END || '}');
  RETURN v_offset;
END
$$;
