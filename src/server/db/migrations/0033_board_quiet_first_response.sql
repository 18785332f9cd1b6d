-- Issue 19: a shift's update announces its position (which makes every board of the position be
-- computed again, on every server, and tells every phone following it to fetch its board again)
-- only when something other than its first response time changed. The first application to a
-- shift stamps first_response_at, which no board shows; its practice is still announced (the
-- dashboard's response time reads it). Same tags otherwise, from the old and the new rows as
-- before (migration 0030); the triggers keep their names (kept-answer-registry.ts).
-- One function for both triggers: TG_ARGV[0] says which side's position and practice to announce
-- ('new' or 'old'); a row's two sides are paired by id.
CREATE FUNCTION shifts_notice_updated_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array[
      CASE WHEN n.id IS NULL OR o.id IS NULL
        OR (to_jsonb(n) - 'first_response_at') IS DISTINCT FROM (to_jsonb(o) - 'first_response_at')
        THEN 'position:' || CASE WHEN TG_ARGV[0] = 'new' THEN n.position ELSE o.position END END,
      'practice:' || CASE WHEN TG_ARGV[0] = 'new' THEN n.practice_id ELSE o.practice_id END]) AS tag
    FROM new_rows n FULL JOIN old_rows o ON o.id = n.id) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER shifts_notice_update AFTER UPDATE ON shifts
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shifts_notice_updated_rows('new');--> statement-breakpoint
CREATE OR REPLACE TRIGGER shifts_notice_update_old AFTER UPDATE ON shifts
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shifts_notice_updated_rows('old');
