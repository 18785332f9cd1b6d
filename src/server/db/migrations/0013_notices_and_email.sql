ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "location_city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shift_applications" ADD COLUMN "practice_emailed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "shift_applications_unemailed_idx" ON "shift_applications" USING btree ("shift_id") WHERE "shift_applications"."practice_emailed_at" is null;--> statement-breakpoint
-- Applications made before batching were e-mailed one by one: none waits for a summary.
UPDATE "shift_applications" SET "practice_emailed_at" = "created_at" WHERE "practice_emailed_at" IS NULL;--> statement-breakpoint
-- Shifts posted before keep their location's town (the street and ZIP were already kept).
UPDATE "shifts" s SET "location_city" = l."city" FROM "locations" l WHERE l."id" = s."location_id" AND s."location_city" = '' AND l."city" <> '';--> statement-breakpoint
-- Admins created before names were asked for all carried the same placeholder name: the console shows their e-mail instead until they are given their own.
UPDATE "users" SET "name" = '' WHERE "account_type" = 'admin' AND "name" = 'ChairFill Admin';
