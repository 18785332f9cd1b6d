-- Decision record 034: the practice's list shows the stored reach and never computes it; the
-- shift-reach job stores the counts the reads queue. So that a list already open (a kept answer,
-- a page on a live stream) shows them, storing a count announces 'practice:<id>' of its shift's
-- practice (migration 0011's channel and functions), and a count forgotten (a review or a block
-- changed) does too. An update announces only when what a list shows changed: the count, or the
-- inputs it was made for (a list shows no count for inputs that are no longer the shift's); a
-- count made again under a newer epoch with the same result changes no answer.
CREATE INDEX "reach_queue_queued_at_idx" ON "reach_queue" USING btree ("queued_at");--> statement-breakpoint
CREATE TRIGGER shift_reach_notice_insert AFTER INSERT ON shift_reach
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('''practice:'' || (SELECT s.practice_id FROM shifts s WHERE s.id = r.shift_id)');
--> statement-breakpoint
CREATE TRIGGER shift_reach_notice_delete AFTER DELETE ON shift_reach
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_old_rows('''practice:'' || (SELECT s.practice_id FROM shifts s WHERE s.id = r.shift_id)');
--> statement-breakpoint
CREATE FUNCTION notify_shown_reach() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  FOR changed IN
    SELECT DISTINCT 'practice:' || s.practice_id
    FROM new_rows n
    JOIN old_rows o ON o.shift_id = n.shift_id
    JOIN shifts s ON s.id = n.shift_id
    WHERE (n.reach, n.position, n.latitude, n.longitude, n.local_day, n.local_start_minute,
        n.local_end_minute, n.rate_cents)
      IS DISTINCT FROM (o.reach, o.position, o.latitude, o.longitude, o.local_day,
        o.local_start_minute, o.local_end_minute, o.rate_cents)
  LOOP
    PERFORM pg_notify('chairfill_changes', changed);
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER shift_reach_notice_update AFTER UPDATE ON shift_reach
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_shown_reach();
