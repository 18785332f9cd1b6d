CREATE TABLE "matching_epochs" (
	"role" text PRIMARY KEY NOT NULL,
	"epoch" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_reach" (
	"shift_id" uuid PRIMARY KEY NOT NULL,
	"reach" integer NOT NULL,
	"epoch" bigint NOT NULL,
	"position" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"local_day" smallint,
	"local_start_minute" smallint,
	"local_end_minute" integer,
	"rate_cents" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One rewrite of shifts for the three generated columns (backfills every existing shift).
ALTER TABLE "shifts"
  ADD COLUMN "local_day" smallint GENERATED ALWAYS AS (extract(isodow from (starts_at at time zone 'America/New_York'))::smallint) STORED,
  ADD COLUMN "local_start_minute" smallint GENERATED ALWAYS AS (floor(extract(epoch from (starts_at at time zone 'America/New_York') - date_trunc('day', (starts_at at time zone 'America/New_York'))) / 60)::smallint) STORED,
  ADD COLUMN "local_end_minute" integer GENERATED ALWAYS AS (ceil(extract(epoch from (ends_at at time zone 'America/New_York') - date_trunc('day', (starts_at at time zone 'America/New_York'))) / 60)::integer) STORED;
--> statement-breakpoint
ALTER TABLE "shift_reach" ADD CONSTRAINT "shift_reach_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shifts_open_board_idx" ON "shifts" USING btree ("position","local_day","latitude","longitude","local_start_minute","local_end_minute","starts_at","rate_cents","id") WHERE "shifts"."status" = 'open';--> statement-breakpoint
-- Hand-written: the matching epochs and the trigger that bumps them (see schema/matching.ts).
INSERT INTO "matching_epochs" ("role", "epoch")
VALUES ('hygienist', 0), ('assistant', 0), ('front-desk', 0)
ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION bump_matching_epochs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- One bump per role per statement (a bulk seed of thousands of rows bumps once).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO matching_epochs (role, epoch)
    SELECT DISTINCT role, 1 FROM new_rows WHERE status = 'verified'
    ON CONFLICT (role) DO UPDATE SET epoch = matching_epochs.epoch + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO matching_epochs (role, epoch)
    SELECT DISTINCT role, 1 FROM old_rows WHERE status = 'verified'
    ON CONFLICT (role) DO UPDATE SET epoch = matching_epochs.epoch + 1;
  ELSE
    INSERT INTO matching_epochs (role, epoch)
    SELECT DISTINCT side.role, 1
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES (o.role, o.status), (n.role, n.status)) AS side(role, status)
    WHERE side.status = 'verified'
      AND (o.role, o.status, o.home_latitude, o.home_longitude, o.travel_distance_miles,
          o.minimum_rate_cents, o.availability)
        IS DISTINCT FROM (n.role, n.status, n.home_latitude, n.home_longitude,
          n.travel_distance_miles, n.minimum_rate_cents, n.availability)
    ON CONFLICT (role) DO UPDATE SET epoch = matching_epochs.epoch + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER professionals_matching_epochs_insert AFTER INSERT ON professionals
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_matching_epochs();--> statement-breakpoint
CREATE TRIGGER professionals_matching_epochs_update AFTER UPDATE ON professionals
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_matching_epochs();--> statement-breakpoint
CREATE TRIGGER professionals_matching_epochs_delete AFTER DELETE ON professionals
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_matching_epochs();
