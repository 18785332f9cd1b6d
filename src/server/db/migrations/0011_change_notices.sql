-- The hot portal answers (Find Shifts, the practice dashboard) are kept in memory by each server
-- (services/kept-answers.ts); these triggers tell every server, on commit, which answers a change
-- makes out of date: 'position:<position>' and 'practice:<id>' when shifts are added, changed or
-- removed, 'all' when a practice is renamed (the board shows practice names),
-- 'professional:<id>' when that professional's record, applications or bookings change,
-- 'practice:<id>' when the practice's bookings, ratings or its shifts' applications change,
-- 'reach' when the matching epoch of a role moves (a verified professional appeared, went or
-- changed what they match: every stored reach of that role is out of date). NOTIFY is transactional
-- (delivered at commit, never for a rollback) and folds repeated payloads of one transaction.
CREATE FUNCTION notify_shift_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  FOR changed IN
    SELECT 'position:' || position FROM new_rows UNION SELECT 'practice:' || practice_id FROM new_rows
  LOOP
    PERFORM pg_notify('chairfill_changes', changed);
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION notify_removed_shifts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  FOR changed IN
    SELECT 'position:' || position FROM old_rows UNION SELECT 'practice:' || practice_id FROM old_rows
  LOOP
    PERFORM pg_notify('chairfill_changes', changed);
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- An update announces the old rows too (a shift moved to another position).
CREATE TRIGGER shifts_change_notice_insert AFTER INSERT ON shifts
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_shift_changes();--> statement-breakpoint
CREATE TRIGGER shifts_change_notice_update_new AFTER UPDATE ON shifts
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_shift_changes();--> statement-breakpoint
CREATE TRIGGER shifts_change_notice_update_old AFTER UPDATE ON shifts
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_removed_shifts();--> statement-breakpoint
CREATE TRIGGER shifts_change_notice_delete AFTER DELETE ON shifts
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_removed_shifts();--> statement-breakpoint
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
CREATE TRIGGER practices_change_notice_update AFTER UPDATE ON practices
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_practice_names();--> statement-breakpoint
-- One function for professionals (column id), shift_applications and bookings (professional_id).
CREATE FUNCTION notify_professional_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text;
  id_column text := CASE WHEN TG_TABLE_NAME = 'professionals' THEN 'id' ELSE 'professional_id' END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR changed IN EXECUTE format('SELECT DISTINCT %I::text FROM new_rows', id_column) LOOP
      PERFORM pg_notify('chairfill_changes', 'professional:' || changed);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR changed IN EXECUTE format('SELECT DISTINCT %I::text FROM old_rows', id_column) LOOP
      PERFORM pg_notify('chairfill_changes', 'professional:' || changed);
    END LOOP;
  ELSE
    FOR changed IN EXECUTE format(
      'SELECT %1$I::text FROM new_rows UNION SELECT %1$I::text FROM old_rows', id_column)
    LOOP
      PERFORM pg_notify('chairfill_changes', 'professional:' || changed);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER professionals_change_notice_update AFTER UPDATE ON professionals
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_professional_changes();--> statement-breakpoint
CREATE TRIGGER professionals_change_notice_delete AFTER DELETE ON professionals
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_professional_changes();--> statement-breakpoint
CREATE TRIGGER shift_applications_change_notice_insert AFTER INSERT ON shift_applications
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_professional_changes();--> statement-breakpoint
CREATE TRIGGER shift_applications_change_notice_update AFTER UPDATE ON shift_applications
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_professional_changes();--> statement-breakpoint
CREATE TRIGGER shift_applications_change_notice_delete AFTER DELETE ON shift_applications
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_professional_changes();--> statement-breakpoint
CREATE TRIGGER bookings_change_notice_insert AFTER INSERT ON bookings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_professional_changes();--> statement-breakpoint
CREATE TRIGGER bookings_change_notice_update AFTER UPDATE ON bookings
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_professional_changes();--> statement-breakpoint
CREATE TRIGGER bookings_change_notice_delete AFTER DELETE ON bookings
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_professional_changes();
--> statement-breakpoint
-- Bookings and ratings decide the practice dashboard's figures.
CREATE FUNCTION notify_practice_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR changed IN SELECT DISTINCT practice_id::text FROM new_rows LOOP
      PERFORM pg_notify('chairfill_changes', 'practice:' || changed);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR changed IN SELECT DISTINCT practice_id::text FROM old_rows LOOP
      PERFORM pg_notify('chairfill_changes', 'practice:' || changed);
    END LOOP;
  ELSE
    FOR changed IN SELECT practice_id::text FROM new_rows UNION SELECT practice_id::text FROM old_rows
    LOOP
      PERFORM pg_notify('chairfill_changes', 'practice:' || changed);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER bookings_practice_notice_insert AFTER INSERT ON bookings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_practice_changes();--> statement-breakpoint
CREATE TRIGGER bookings_practice_notice_update AFTER UPDATE ON bookings
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_practice_changes();--> statement-breakpoint
CREATE TRIGGER bookings_practice_notice_delete AFTER DELETE ON bookings
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_practice_changes();--> statement-breakpoint
CREATE TRIGGER ratings_practice_notice_insert AFTER INSERT ON ratings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_practice_changes();--> statement-breakpoint
CREATE TRIGGER ratings_practice_notice_update AFTER UPDATE ON ratings
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_practice_changes();--> statement-breakpoint
CREATE TRIGGER ratings_practice_notice_delete AFTER DELETE ON ratings
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_practice_changes();
--> statement-breakpoint
-- Applications decide the practice's shift list (pending applicant counts).
CREATE FUNCTION notify_application_practices() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR changed IN SELECT DISTINCT s.practice_id::text FROM new_rows n JOIN shifts s ON s.id = n.shift_id LOOP
      PERFORM pg_notify('chairfill_changes', 'practice:' || changed);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR changed IN SELECT DISTINCT s.practice_id::text FROM old_rows o JOIN shifts s ON s.id = o.shift_id LOOP
      PERFORM pg_notify('chairfill_changes', 'practice:' || changed);
    END LOOP;
  ELSE
    FOR changed IN
      SELECT s.practice_id::text FROM new_rows n JOIN shifts s ON s.id = n.shift_id
      UNION SELECT s.practice_id::text FROM old_rows o JOIN shifts s ON s.id = o.shift_id
    LOOP
      PERFORM pg_notify('chairfill_changes', 'practice:' || changed);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER shift_applications_practice_notice_insert AFTER INSERT ON shift_applications
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_application_practices();--> statement-breakpoint
CREATE TRIGGER shift_applications_practice_notice_update AFTER UPDATE ON shift_applications
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_application_practices();--> statement-breakpoint
CREATE TRIGGER shift_applications_practice_notice_delete AFTER DELETE ON shift_applications
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_application_practices();--> statement-breakpoint
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
