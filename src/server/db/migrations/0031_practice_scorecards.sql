CREATE TABLE "practice_scorecard_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "practice_scorecard_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"practice_id" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_scorecards" (
	"practice_id" uuid PRIMARY KEY NOT NULL,
	"posted" integer NOT NULL,
	"filled" integer NOT NULL,
	"cancellations" integer NOT NULL,
	"late_cancellations" integer NOT NULL,
	"rating_count" integer NOT NULL,
	"rating_average" double precision,
	"payout_count" integer NOT NULL,
	"payout_median_days" double precision,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "practice_scorecard_changes_practice_idx" ON "practice_scorecard_changes" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "practice_scorecard_changes_changed_idx" ON "practice_scorecard_changes" USING btree ("changed_at");--> statement-breakpoint
-- Issue 19, decision record 040: marks of what changes a practice's scorecard, made in the
-- writing transaction, so a stored scorecard is known to be out of date on every server. Only
-- the writes that move its counts are marked: a shift posted, removed or moved in time; a booking
-- made, removed, cancelled or cancelled no more; a rating; a charge made, removed or changed in
-- kind, date or timesheet; a timesheet's approval; a payout paid or no longer paid. Check-ins,
-- completions and the rest do not mark. Inserts and deletes are marked once per statement
-- (transition tables), updates per row only when a counted column changed (WHEN).
CREATE FUNCTION practice_scorecard_mark_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO practice_scorecard_changes (practice_id)
    SELECT DISTINCT r.practice_id FROM new_rows r WHERE r.practice_id IS NOT NULL;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION practice_scorecard_mark_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO practice_scorecard_changes (practice_id)
    SELECT DISTINCT r.practice_id FROM old_rows r WHERE r.practice_id IS NOT NULL;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION practice_scorecard_mark_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO practice_scorecard_changes (practice_id) VALUES (NEW.practice_id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION practice_scorecard_mark_payout() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO practice_scorecard_changes (practice_id)
    SELECT c.practice_id FROM charges c WHERE c.id = NEW.charge_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER shifts_scorecard_insert AFTER INSERT ON shifts
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION practice_scorecard_mark_new_rows();--> statement-breakpoint
CREATE TRIGGER shifts_scorecard_delete AFTER DELETE ON shifts
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION practice_scorecard_mark_old_rows();--> statement-breakpoint
CREATE TRIGGER shifts_scorecard_update AFTER UPDATE ON shifts FOR EACH ROW
WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at) EXECUTE FUNCTION practice_scorecard_mark_row();--> statement-breakpoint
CREATE TRIGGER bookings_scorecard_insert AFTER INSERT ON bookings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION practice_scorecard_mark_new_rows();--> statement-breakpoint
CREATE TRIGGER bookings_scorecard_delete AFTER DELETE ON bookings
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION practice_scorecard_mark_old_rows();--> statement-breakpoint
CREATE TRIGGER bookings_scorecard_update AFTER UPDATE ON bookings FOR EACH ROW
WHEN ((OLD.status IS DISTINCT FROM NEW.status AND (OLD.status = 'cancelled' OR NEW.status = 'cancelled'))
  OR OLD.cancelled_by IS DISTINCT FROM NEW.cancelled_by OR OLD.cancelled_at IS DISTINCT FROM NEW.cancelled_at
  OR OLD.shift_id IS DISTINCT FROM NEW.shift_id)
EXECUTE FUNCTION practice_scorecard_mark_row();--> statement-breakpoint
CREATE TRIGGER ratings_scorecard_insert AFTER INSERT ON ratings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION practice_scorecard_mark_new_rows();--> statement-breakpoint
CREATE TRIGGER ratings_scorecard_delete AFTER DELETE ON ratings
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION practice_scorecard_mark_old_rows();--> statement-breakpoint
CREATE TRIGGER ratings_scorecard_update AFTER UPDATE ON ratings FOR EACH ROW
WHEN (OLD.stars IS DISTINCT FROM NEW.stars OR OLD.rater_side IS DISTINCT FROM NEW.rater_side
  OR OLD.shift_id IS DISTINCT FROM NEW.shift_id)
EXECUTE FUNCTION practice_scorecard_mark_row();--> statement-breakpoint
CREATE TRIGGER charges_scorecard_insert AFTER INSERT ON charges
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION practice_scorecard_mark_new_rows();--> statement-breakpoint
CREATE TRIGGER charges_scorecard_delete AFTER DELETE ON charges
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION practice_scorecard_mark_old_rows();--> statement-breakpoint
CREATE TRIGGER charges_scorecard_update AFTER UPDATE ON charges FOR EACH ROW
WHEN (OLD.kind IS DISTINCT FROM NEW.kind OR OLD.service_date IS DISTINCT FROM NEW.service_date
  OR OLD.timesheet_id IS DISTINCT FROM NEW.timesheet_id)
EXECUTE FUNCTION practice_scorecard_mark_row();--> statement-breakpoint
CREATE TRIGGER timesheets_scorecard_update AFTER UPDATE ON timesheets FOR EACH ROW
WHEN (OLD.approved_at IS DISTINCT FROM NEW.approved_at) EXECUTE FUNCTION practice_scorecard_mark_row();--> statement-breakpoint
CREATE TRIGGER payouts_scorecard_insert AFTER INSERT ON payouts FOR EACH ROW
WHEN (NEW.status = 'paid') EXECUTE FUNCTION practice_scorecard_mark_payout();--> statement-breakpoint
CREATE TRIGGER payouts_scorecard_update AFTER UPDATE ON payouts FOR EACH ROW
WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.paid_at IS DISTINCT FROM NEW.paid_at)
EXECUTE FUNCTION practice_scorecard_mark_payout();
