-- A shift's update was announced by two statement-level triggers, one per side (migration 0033),
-- each pairing the old and new rows and comparing them whole: every fill, cancellation and
-- completion paid for it twice (issue 19: 0.38 + 0.58 ms of a completion's 1.8 ms). One trigger
-- now announces both sides' areas and practices in one pass; what it announces is the same.
CREATE OR REPLACE FUNCTION shifts_notice_updated_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(CASE WHEN n.id IS NULL OR o.id IS NULL
        OR (to_jsonb(n) - 'first_response_at') IS DISTINCT FROM (to_jsonb(o) - 'first_response_at')
      THEN array[shift_board_area(n.position, n.latitude, n.longitude),
        shift_board_area(o.position, o.latitude, o.longitude),
        'practice:' || n.practice_id, 'practice:' || o.practice_id]
      ELSE array['practice:' || n.practice_id, 'practice:' || o.practice_id] END) AS tag
    FROM new_rows n FULL JOIN old_rows o ON o.id = n.id) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER shifts_notice_update_old ON shifts;--> statement-breakpoint
CREATE OR REPLACE TRIGGER shifts_notice_update AFTER UPDATE ON shifts
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shifts_notice_updated_rows();
