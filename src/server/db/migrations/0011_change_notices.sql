-- The hot portal answers (Find Shifts, the practice dashboard) are kept in memory by each server
-- (services/kept-answers.ts); these triggers tell every server, on commit, which answers a change
-- makes out of date: 'position:<position>' and 'practice:<id>' when shifts are added, changed or
-- removed, 'all' when a practice is renamed (the board shows practice names),
-- 'professional:<id>' when that professional's record, applications or bookings change,
-- 'practice:<id>' when the practice's bookings, ratings or its shifts' applications change,
-- 'reach' when the matching epoch of a role moves (a verified professional appeared, went or
-- changed what they match: every stored reach of that role is out of date). NOTIFY is transactional
-- (delivered at commit, never for a rollback) and folds repeated payloads of one transaction.
--
-- notify_new_rows / notify_old_rows announce, for each changed row `r` of the statement's new or
-- old transition table, the tags the trigger's argument computes (an SQL expression over `r`; a
-- NULL tag is skipped). An update is announced from its new rows, and also from its old rows
-- where a row can change what it is tagged by (a shift moved to another position).
CREATE FUNCTION notify_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  FOR changed IN EXECUTE format(
    'SELECT DISTINCT tag FROM (SELECT %s AS tag FROM new_rows r) t WHERE tag IS NOT NULL', TG_ARGV[0])
  LOOP
    PERFORM pg_notify('chairfill_changes', changed);
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION notify_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  FOR changed IN EXECUTE format(
    'SELECT DISTINCT tag FROM (SELECT %s AS tag FROM old_rows r) t WHERE tag IS NOT NULL', TG_ARGV[0])
  LOOP
    PERFORM pg_notify('chairfill_changes', changed);
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER shifts_notice_insert AFTER INSERT ON shifts
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('unnest(array[''position:'' || r.position, ''practice:'' || r.practice_id])');
--> statement-breakpoint
CREATE TRIGGER shifts_notice_update AFTER UPDATE ON shifts
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('unnest(array[''position:'' || r.position, ''practice:'' || r.practice_id])');
--> statement-breakpoint
CREATE TRIGGER shifts_notice_update_old AFTER UPDATE ON shifts
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_old_rows('unnest(array[''position:'' || r.position, ''practice:'' || r.practice_id])');
--> statement-breakpoint
CREATE TRIGGER shifts_notice_delete AFTER DELETE ON shifts
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_old_rows('unnest(array[''position:'' || r.position, ''practice:'' || r.practice_id])');
--> statement-breakpoint
CREATE TRIGGER professionals_notice_update AFTER UPDATE ON professionals
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('''professional:'' || r.id');
--> statement-breakpoint
CREATE TRIGGER professionals_notice_delete AFTER DELETE ON professionals
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_old_rows('''professional:'' || r.id');
--> statement-breakpoint
CREATE TRIGGER shift_applications_notice_insert AFTER INSERT ON shift_applications
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('unnest(array[''professional:'' || r.professional_id, ''practice:'' || (SELECT s.practice_id FROM shifts s WHERE s.id = r.shift_id)])');
--> statement-breakpoint
CREATE TRIGGER shift_applications_notice_update AFTER UPDATE ON shift_applications
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('unnest(array[''professional:'' || r.professional_id, ''practice:'' || (SELECT s.practice_id FROM shifts s WHERE s.id = r.shift_id)])');
--> statement-breakpoint
CREATE TRIGGER shift_applications_notice_delete AFTER DELETE ON shift_applications
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_old_rows('unnest(array[''professional:'' || r.professional_id, ''practice:'' || (SELECT s.practice_id FROM shifts s WHERE s.id = r.shift_id)])');
--> statement-breakpoint
CREATE TRIGGER bookings_notice_insert AFTER INSERT ON bookings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('unnest(array[''professional:'' || r.professional_id, ''practice:'' || r.practice_id])');
--> statement-breakpoint
CREATE TRIGGER bookings_notice_update AFTER UPDATE ON bookings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('unnest(array[''professional:'' || r.professional_id, ''practice:'' || r.practice_id])');
--> statement-breakpoint
CREATE TRIGGER bookings_notice_delete AFTER DELETE ON bookings
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_old_rows('unnest(array[''professional:'' || r.professional_id, ''practice:'' || r.practice_id])');
--> statement-breakpoint
CREATE TRIGGER ratings_notice_insert AFTER INSERT ON ratings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('''practice:'' || r.practice_id');
--> statement-breakpoint
CREATE TRIGGER ratings_notice_update AFTER UPDATE ON ratings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('''practice:'' || r.practice_id');
--> statement-breakpoint
CREATE TRIGGER ratings_notice_delete AFTER DELETE ON ratings
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_old_rows('''practice:'' || r.practice_id');
--> statement-breakpoint
CREATE FUNCTION notify_practice_names() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.practice_name IS DISTINCT FROM o.practice_name) THEN
    PERFORM pg_notify('chairfill_changes', 'all');
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER practices_notice_update AFTER UPDATE ON practices
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_practice_names();--> statement-breakpoint
CREATE FUNCTION notify_reach_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', 'reach');
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Per row: an epoch statement that moved nothing (a professional's other fields changed)
-- announces nothing.
CREATE TRIGGER matching_epochs_reach_notice AFTER INSERT OR UPDATE ON matching_epochs
FOR EACH ROW EXECUTE FUNCTION notify_reach_changes();
