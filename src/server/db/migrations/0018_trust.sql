CREATE TABLE "blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practice_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"blocked_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_by_a_side" CHECK ("blocks"."blocked_by" in ('practice', 'professional'))
);
--> statement-breakpoint
CREATE TABLE "practice_verification_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practice_id" uuid NOT NULL,
	"admin_user_id" uuid,
	"decision" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_verification_decisions_kind" CHECK ("practice_verification_decisions"."decision" in ('verified', 'rejected'))
);
--> statement-breakpoint
DROP INDEX "shifts_open_board_idx";--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "verification_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "verification_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "parking" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "patients_per_hour" integer;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "assistant_provided" boolean;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "dress_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "first_day_instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_verification_decisions" ADD CONSTRAINT "practice_verification_decisions_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_verification_decisions" ADD CONSTRAINT "practice_verification_decisions_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocks_once_per_side" ON "blocks" USING btree ("practice_id","professional_id","blocked_by");--> statement-breakpoint
CREATE INDEX "blocks_professional_idx" ON "blocks" USING btree ("professional_id");--> statement-breakpoint
CREATE INDEX "practice_verification_decisions_practice_idx" ON "practice_verification_decisions" USING btree ("practice_id","created_at");--> statement-breakpoint
CREATE INDEX "practices_unverified_idx" ON "practices" USING btree ("id") WHERE "practices"."verification_status" <> 'verified';--> statement-breakpoint
CREATE INDEX "shifts_open_board_idx" ON "shifts" USING btree ("position","local_day","latitude","longitude","local_start_minute","local_end_minute","starts_at","rate_cents","id","practice_id") WHERE "shifts"."status" = 'open';--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_verification_status" CHECK ("practices"."verification_status" in ('pending', 'verified', 'rejected'));--> statement-breakpoint
-- Practices that were already on ChairFill keep reaching professionals (decision record 021):
-- they count as verified from this migration; an admin can still reject one.
UPDATE "practices" SET "verification_status" = 'verified', "verification_decided_at" = now();--> statement-breakpoint
-- A practice's review decides which boards list its shifts: every kept answer is dropped.
CREATE FUNCTION notify_practice_verification() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.verification_status IS DISTINCT FROM o.verification_status) THEN
    PERFORM pg_notify('chairfill_changes', 'all');
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER practices_verification_notice_update AFTER UPDATE ON practices
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_practice_verification();--> statement-breakpoint
CREATE TRIGGER blocks_notice_insert AFTER INSERT ON blocks
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('unnest(array[''practice:'' || r.practice_id, ''professional:'' || r.professional_id])');
--> statement-breakpoint
CREATE TRIGGER blocks_notice_delete AFTER DELETE ON blocks
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_old_rows('unnest(array[''practice:'' || r.practice_id, ''professional:'' || r.professional_id])');
