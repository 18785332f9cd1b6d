CREATE TABLE "scorecard_booking_facts" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"practice_id" uuid NOT NULL,
	"shift_id" uuid NOT NULL,
	"shift_starts_at" timestamp with time zone NOT NULL,
	"cancelled_by_practice" boolean NOT NULL,
	"cancelled_at" timestamp with time zone,
	"professional_stars" integer
);
--> statement-breakpoint
CREATE TABLE "scorecard_payout_facts" (
	"payout_id" uuid PRIMARY KEY NOT NULL,
	"practice_id" uuid NOT NULL,
	"service_date" timestamp with time zone NOT NULL,
	"days" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scorecard_booking_facts" ADD CONSTRAINT "scorecard_booking_facts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecard_payout_facts" ADD CONSTRAINT "scorecard_payout_facts_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scorecard_booking_facts_practice_idx" ON "scorecard_booking_facts" USING btree ("practice_id","shift_starts_at","shift_id","cancelled_by_practice","cancelled_at","professional_stars");--> statement-breakpoint
CREATE INDEX "scorecard_booking_facts_shift_idx" ON "scorecard_booking_facts" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "scorecard_payout_facts_practice_idx" ON "scorecard_payout_facts" USING btree ("practice_id","service_date","days");--> statement-breakpoint
-- Issue 19, decision record 041: what each booking and each paid payout adds to its practice's
-- scorecard, kept by triggers in the writing transaction, so a scorecard reads two narrow indexes
-- instead of joining a year of bookings, shifts, ratings, charges, timesheets and payouts.
-- The two views say once what a fact is; the triggers and the rebuild read them.
-- Whether a booking counts as cancelled by its practice (the view and the booking's triggers).
CREATE FUNCTION scorecard_cancelled_by_practice(status text, cancelled_by text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$ SELECT coalesce(status = 'cancelled' AND cancelled_by = 'practice', false) $$;
--> statement-breakpoint
CREATE VIEW scorecard_booking_fact_rows AS
  SELECT b.id AS booking_id, b.practice_id, b.shift_id, s.starts_at AS shift_starts_at,
    scorecard_cancelled_by_practice(b.status, b.cancelled_by) AS cancelled_by_practice,
    b.cancelled_at,
    (SELECT r.stars FROM ratings r
      WHERE r.booking_id = b.id AND r.rater_side = 'professional') AS professional_stars
  FROM bookings b JOIN shifts s ON s.id = b.shift_id;
--> statement-breakpoint
CREATE VIEW scorecard_payout_fact_rows AS
  SELECT p.id AS payout_id, c.practice_id, c.service_date,
    (extract(epoch FROM p.paid_at - t.approved_at) / 86400)::float8 AS days
  FROM payouts p
  JOIN charges c ON c.id = p.charge_id
  JOIN timesheets t ON t.id = c.timesheet_id
  WHERE c.kind = 'worked' AND p.status = 'paid' AND p.paid_at IS NOT NULL
    AND t.approved_at IS NOT NULL;
--> statement-breakpoint
-- Every fact made again from the rows (this migration; the benchmark's seed after a bulk load
-- with triggers off).
CREATE FUNCTION scorecard_facts_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM scorecard_booking_facts;
  INSERT INTO scorecard_booking_facts SELECT * FROM scorecard_booking_fact_rows;
  DELETE FROM scorecard_payout_facts;
  INSERT INTO scorecard_payout_facts SELECT * FROM scorecard_payout_fact_rows;
END;
$$;
--> statement-breakpoint
-- Payouts' facts made again from their rows: kept, changed, or removed when no longer counted.
CREATE FUNCTION scorecard_refresh_payout_facts(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Most calls have none (a timesheet approved before its charge and payout exist).
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  INSERT INTO scorecard_payout_facts
    SELECT * FROM scorecard_payout_fact_rows v WHERE v.payout_id = ANY(ids)
  ON CONFLICT (payout_id) DO UPDATE SET practice_id = excluded.practice_id,
    service_date = excluded.service_date, days = excluded.days;
  DELETE FROM scorecard_payout_facts f WHERE f.payout_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM scorecard_payout_fact_rows v WHERE v.payout_id = f.payout_id);
END;
$$;
--> statement-breakpoint
-- Per row from the new row itself (a statement reading the transition table through the view
-- was planned again on every booking, ~0.5 ms; this one keeps its plan).
CREATE FUNCTION scorecard_booking_facts_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO scorecard_booking_facts (booking_id, practice_id, shift_id, shift_starts_at,
      cancelled_by_practice, cancelled_at, professional_stars)
    SELECT NEW.id, NEW.practice_id, NEW.shift_id, s.starts_at,
      scorecard_cancelled_by_practice(NEW.status, NEW.cancelled_by), NEW.cancelled_at,
      (SELECT r.stars FROM ratings r WHERE r.booking_id = NEW.id AND r.rater_side = 'professional')
    FROM shifts s WHERE s.id = NEW.shift_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A booking's own columns only (a rating or a moved shift sets the others), so concurrent writes
-- of one booking keep each other's facts.
CREATE FUNCTION scorecard_booking_facts_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE scorecard_booking_facts f SET practice_id = NEW.practice_id, shift_id = NEW.shift_id,
    shift_starts_at = CASE WHEN NEW.shift_id IS DISTINCT FROM OLD.shift_id
      THEN (SELECT s.starts_at FROM shifts s WHERE s.id = NEW.shift_id)
      ELSE f.shift_starts_at END,
    cancelled_by_practice = scorecard_cancelled_by_practice(NEW.status, NEW.cancelled_by),
    cancelled_at = NEW.cancelled_at
  WHERE f.booking_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION scorecard_shift_facts_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE scorecard_booking_facts SET shift_starts_at = NEW.starts_at WHERE shift_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The professional's stars of bookings, read again from their ratings.
CREATE FUNCTION scorecard_refresh_stars(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE scorecard_booking_facts f SET professional_stars = (SELECT r.stars FROM ratings r
      WHERE r.booking_id = f.booking_id AND r.rater_side = 'professional')
  WHERE f.booking_id = ANY(ids);
END;
$$;
--> statement-breakpoint
-- The bookings whose ratings a statement wrote (insert) or removed (delete), or a row changed.
CREATE FUNCTION scorecard_rating_facts_new() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM scorecard_refresh_stars(ARRAY(SELECT n.booking_id FROM new_rows n));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION scorecard_rating_facts_old() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM scorecard_refresh_stars(ARRAY(SELECT o.booking_id FROM old_rows o));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION scorecard_rating_facts_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM scorecard_refresh_stars(ARRAY[OLD.booking_id, NEW.booking_id]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION scorecard_payout_facts_new() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM scorecard_refresh_payout_facts(ARRAY(SELECT n.id FROM new_rows n));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION scorecard_payout_facts_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM scorecard_refresh_payout_facts(ARRAY[NEW.id]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION scorecard_charge_facts_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM scorecard_refresh_payout_facts(ARRAY(SELECT p.id FROM payouts p WHERE p.charge_id = NEW.id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION scorecard_timesheet_facts_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A timesheet's charges are its booking's (charges_once_per_booking is the index).
  PERFORM scorecard_refresh_payout_facts(ARRAY(SELECT p.id FROM charges c
    JOIN payouts p ON p.charge_id = c.id
    WHERE c.booking_id = NEW.booking_id AND c.timesheet_id = NEW.id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_scorecard_facts_insert AFTER INSERT ON bookings
FOR EACH ROW EXECUTE FUNCTION scorecard_booking_facts_insert();--> statement-breakpoint
CREATE TRIGGER bookings_scorecard_facts_update AFTER UPDATE ON bookings FOR EACH ROW
WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.cancelled_by IS DISTINCT FROM NEW.cancelled_by
  OR OLD.cancelled_at IS DISTINCT FROM NEW.cancelled_at OR OLD.shift_id IS DISTINCT FROM NEW.shift_id
  OR OLD.practice_id IS DISTINCT FROM NEW.practice_id)
EXECUTE FUNCTION scorecard_booking_facts_update();--> statement-breakpoint
CREATE TRIGGER shifts_scorecard_facts_update AFTER UPDATE ON shifts FOR EACH ROW
WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at) EXECUTE FUNCTION scorecard_shift_facts_update();--> statement-breakpoint
CREATE TRIGGER ratings_scorecard_facts_insert AFTER INSERT ON ratings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scorecard_rating_facts_new();--> statement-breakpoint
CREATE TRIGGER ratings_scorecard_facts_delete AFTER DELETE ON ratings
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION scorecard_rating_facts_old();--> statement-breakpoint
CREATE TRIGGER ratings_scorecard_facts_update AFTER UPDATE ON ratings FOR EACH ROW
WHEN (OLD.stars IS DISTINCT FROM NEW.stars OR OLD.rater_side IS DISTINCT FROM NEW.rater_side
  OR OLD.booking_id IS DISTINCT FROM NEW.booking_id)
EXECUTE FUNCTION scorecard_rating_facts_row();--> statement-breakpoint
CREATE TRIGGER payouts_scorecard_facts_insert AFTER INSERT ON payouts
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scorecard_payout_facts_new();--> statement-breakpoint
CREATE TRIGGER payouts_scorecard_facts_update AFTER UPDATE ON payouts FOR EACH ROW
WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.paid_at IS DISTINCT FROM NEW.paid_at
  OR OLD.charge_id IS DISTINCT FROM NEW.charge_id)
EXECUTE FUNCTION scorecard_payout_facts_row();--> statement-breakpoint
CREATE TRIGGER charges_scorecard_facts_update AFTER UPDATE ON charges FOR EACH ROW
WHEN (OLD.kind IS DISTINCT FROM NEW.kind OR OLD.service_date IS DISTINCT FROM NEW.service_date
  OR OLD.timesheet_id IS DISTINCT FROM NEW.timesheet_id OR OLD.practice_id IS DISTINCT FROM NEW.practice_id)
EXECUTE FUNCTION scorecard_charge_facts_row();--> statement-breakpoint
CREATE TRIGGER timesheets_scorecard_facts_update AFTER UPDATE ON timesheets FOR EACH ROW
WHEN (OLD.approved_at IS DISTINCT FROM NEW.approved_at) EXECUTE FUNCTION scorecard_timesheet_facts_row();--> statement-breakpoint
SELECT scorecard_facts_rebuild();
