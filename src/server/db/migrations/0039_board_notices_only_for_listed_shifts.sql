-- A shift's update announced its board area whenever anything but its first response changed
-- (migration 0037), also for shifts no board lists: a filled shift completed by its approved
-- timesheet, an open one whose start has passed expired by the job. Every such announcement
-- made each kept Find Shifts answer of the area's professionals be computed again (issue 41: with
-- the scheduled jobs on, Find Shifts fell to 0.34 x of the one-row baseline). Boards list only
-- open shifts that have not started (eligibility-sql.ts, isOpenFutureShift), so the area is now
-- announced only when the shift was or is such a shift; the practice is announced as before.
CREATE OR REPLACE FUNCTION shifts_notice_updated_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(CASE WHEN (n.id IS NULL OR o.id IS NULL
        OR (to_jsonb(n) - 'first_response_at') IS DISTINCT FROM (to_jsonb(o) - 'first_response_at'))
        AND ((n.status = 'open' AND n.starts_at > now()) OR (o.status = 'open' AND o.starts_at > now()))
      THEN array[shift_board_area(n.position, n.latitude, n.longitude),
        shift_board_area(o.position, o.latitude, o.longitude),
        'practice:' || n.practice_id, 'practice:' || o.practice_id]
      ELSE array['practice:' || n.practice_id, 'practice:' || o.practice_id] END) AS tag
    FROM new_rows n FULL JOIN old_rows o ON o.id = n.id) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;
