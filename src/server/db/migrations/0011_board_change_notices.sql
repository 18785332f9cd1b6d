-- Find Shifts answers are kept in memory by each server (services/matching/shift-board-cache.ts);
-- these triggers tell every server, on commit, which answers a change makes out of date:
-- 'position:<position>' when shifts of that position are added, changed or removed, 'all' when a
-- practice is renamed (the board shows practice names), 'professional:<id>' when that
-- professional's record, applications or bookings change. NOTIFY is transactional (delivered at
-- commit, never for a rollback) and folds repeated payloads of one transaction into one.
CREATE FUNCTION notify_board_positions() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR changed IN SELECT DISTINCT position::text FROM new_rows LOOP
      PERFORM pg_notify('chairfill_board', 'position:' || changed);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR changed IN SELECT DISTINCT position::text FROM old_rows LOOP
      PERFORM pg_notify('chairfill_board', 'position:' || changed);
    END LOOP;
  ELSE
    FOR changed IN
      SELECT position::text FROM new_rows UNION SELECT position::text FROM old_rows
    LOOP
      PERFORM pg_notify('chairfill_board', 'position:' || changed);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER shifts_board_notice_insert AFTER INSERT ON shifts
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_board_positions();--> statement-breakpoint
CREATE TRIGGER shifts_board_notice_update AFTER UPDATE ON shifts
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_board_positions();--> statement-breakpoint
CREATE TRIGGER shifts_board_notice_delete AFTER DELETE ON shifts
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_board_positions();--> statement-breakpoint
CREATE FUNCTION notify_board_practice_names() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.practice_name IS DISTINCT FROM o.practice_name) THEN
    PERFORM pg_notify('chairfill_board', 'all');
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER practices_board_notice_update AFTER UPDATE ON practices
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_board_practice_names();--> statement-breakpoint
-- One function for professionals (column id), shift_applications and bookings (professional_id).
CREATE FUNCTION notify_board_professionals() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text;
  id_column text := CASE WHEN TG_TABLE_NAME = 'professionals' THEN 'id' ELSE 'professional_id' END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR changed IN EXECUTE format('SELECT DISTINCT %I::text FROM new_rows', id_column) LOOP
      PERFORM pg_notify('chairfill_board', 'professional:' || changed);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR changed IN EXECUTE format('SELECT DISTINCT %I::text FROM old_rows', id_column) LOOP
      PERFORM pg_notify('chairfill_board', 'professional:' || changed);
    END LOOP;
  ELSE
    FOR changed IN EXECUTE format(
      'SELECT %1$I::text FROM new_rows UNION SELECT %1$I::text FROM old_rows', id_column)
    LOOP
      PERFORM pg_notify('chairfill_board', 'professional:' || changed);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER professionals_board_notice_update AFTER UPDATE ON professionals
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_board_professionals();--> statement-breakpoint
CREATE TRIGGER professionals_board_notice_delete AFTER DELETE ON professionals
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_board_professionals();--> statement-breakpoint
CREATE TRIGGER shift_applications_board_notice_insert AFTER INSERT ON shift_applications
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_board_professionals();--> statement-breakpoint
CREATE TRIGGER shift_applications_board_notice_update AFTER UPDATE ON shift_applications
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_board_professionals();--> statement-breakpoint
CREATE TRIGGER shift_applications_board_notice_delete AFTER DELETE ON shift_applications
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_board_professionals();--> statement-breakpoint
CREATE TRIGGER bookings_board_notice_insert AFTER INSERT ON bookings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_board_professionals();--> statement-breakpoint
CREATE TRIGGER bookings_board_notice_update AFTER UPDATE ON bookings
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_board_professionals();--> statement-breakpoint
CREATE TRIGGER bookings_board_notice_delete AFTER DELETE ON bookings
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_board_professionals();
