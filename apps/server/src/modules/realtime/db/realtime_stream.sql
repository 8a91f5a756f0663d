-- realtime_stream(): creates the stream of a channel on first use; returns its epoch and top
-- offset (RealtimeRepository, for a client's recovery position).

CREATE OR REPLACE FUNCTION realtime_stream(p_channel text)
RETURNS TABLE (epoch text, top_offset bigint)
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO realtime_streams (channel, epoch, top_offset)
  VALUES (p_channel, substr(md5(random()::text || clock_timestamp()::text), 1, 12), 0)
  ON CONFLICT (channel) DO NOTHING;
  RETURN QUERY SELECT s.epoch, s.top_offset FROM realtime_streams s WHERE s.channel = p_channel;
END
$$;
