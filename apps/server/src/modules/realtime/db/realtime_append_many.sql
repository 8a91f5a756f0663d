-- realtime_append_many(): realtime_append() (realtime_append.sql) for many publications at once,
-- inside the caller's transaction (a batch of settled sport tickets): each channel's stream
-- advances by the number of its publications (its row stays locked until commit, so offsets of
-- one channel commit in order), the publications join the history in the order given, and the
-- publications that leave each channel's window are deleted (exactly those: the offsets the
-- window passed over, see realtime_publish.sql). Returns each publication's stream position, by
-- its number in the input (1..n).

CREATE OR REPLACE FUNCTION realtime_append_many(
  p_channels text[],
  p_data text[],
  p_history_size integer
) RETURNS TABLE (idx integer, epoch text, "offset" bigint)
LANGUAGE sql AS $$
  WITH input AS (
    SELECT i.channel, i.data, i.idx::integer AS idx,
      row_number() OVER (PARTITION BY i.channel ORDER BY i.idx) AS rank,
      count(*) OVER (PARTITION BY i.channel) AS added
    FROM unnest(p_channels, p_data) WITH ORDINALITY AS i (channel, data, idx)
  ), streams AS (
    INSERT INTO realtime_streams AS s (channel, epoch, top_offset)
    SELECT DISTINCT ON (i.channel) i.channel,
      substr(md5(random()::text || clock_timestamp()::text), 1, 12), i.added
    FROM input i
    ORDER BY i.channel
    ON CONFLICT (channel) DO UPDATE SET top_offset = s.top_offset + excluded.top_offset,
      updated_at = now()
    RETURNING s.channel, s.epoch, s.top_offset
  ), positioned AS (
    SELECT i.idx, i.channel, i.data, st.epoch, st.top_offset - i.added + i.rank AS "offset",
      st.top_offset, i.added
    FROM input i JOIN streams st ON st.channel = i.channel
  ), history AS (
    INSERT INTO realtime_history (channel, "offset", data)
    SELECT p.channel, p."offset", p.data::json FROM positioned p
  ), trimmed AS (
    DELETE FROM realtime_history h
    USING (SELECT DISTINCT p.channel, p.top_offset, p.added FROM positioned p) w
    WHERE h.channel = w.channel
      AND h."offset" > w.top_offset - w.added - p_history_size
      AND h."offset" <= w.top_offset - p_history_size
  )
  SELECT p.idx, p.epoch, p."offset" FROM positioned p ORDER BY p.idx;
$$;
