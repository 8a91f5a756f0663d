-- Realtime publications (issue 4). A publication is written in the same transaction as the change
-- that causes it and reaches the WebSocket servers only when that transaction commits:
--   built-in engine: pg_notify('realtime', …) is transactional (delivered at commit, dropped on
--     rollback, in commit order); user channels also keep a bounded history with an epoch and
--     offsets so a reconnecting client recovers what it missed.
--   centrifugo engine: rows of realtime_outbox, sent to Centrifugo's HTTP API after commit by
--     one dispatcher at a time (advisory lock) in id order, deleted once accepted.
-- Forced disconnects (a banned player) travel the same ways: pg_notify('realtime_control', …)
-- or an outbox row calling Centrifugo's disconnect method.

CREATE TABLE realtime_streams (
  channel text PRIMARY KEY,
  -- changes when the stream is recreated; a client position from another epoch cannot recover
  epoch text NOT NULL,
  top_offset bigint NOT NULL CHECK (top_offset >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE realtime_history (
  channel text NOT NULL,
  "offset" bigint NOT NULL CHECK ("offset" > 0),
  -- json, not jsonb: the payload is kept byte for byte as published
  data json NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (channel, "offset")
);
CREATE INDEX realtime_history_created_at ON realtime_history (created_at);

CREATE TABLE realtime_outbox (
  id bigserial PRIMARY KEY,
  -- the Centrifugo server API method (publish, disconnect) and its request body
  method text NOT NULL CHECK (method IN ('publish', 'disconnect')),
  body json NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Creates the stream of a channel on first use; returns its epoch and top offset.
CREATE FUNCTION realtime_stream(p_channel text)
RETURNS TABLE (epoch text, top_offset bigint)
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO realtime_streams (channel, epoch, top_offset)
  VALUES (p_channel, substr(md5(random()::text || clock_timestamp()::text), 1, 12), 0)
  ON CONFLICT (channel) DO NOTHING;
  RETURN QUERY SELECT s.epoch, s.top_offset FROM realtime_streams s WHERE s.channel = p_channel;
END
$$;

-- Publishes `p_data` (JSON text) to `p_channel` with the built-in engine. With p_history_size > 0
-- the channel's stream advances by one (its row stays locked until commit, so offsets of one
-- channel commit in order), the publication joins the history and older ones beyond the size
-- are trimmed. The notification carries channel, epoch, offset, a unique id (identical payloads
-- in one transaction would otherwise be folded into one) and the data.
CREATE FUNCTION realtime_publish(p_channel text, p_data text, p_history_size integer, p_uid text)
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
    WHERE channel = p_channel AND "offset" <= v_offset - p_history_size;
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
