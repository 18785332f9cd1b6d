CREATE TABLE "credential_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credential_id" uuid NOT NULL,
	"admin_user_id" uuid,
	"decision" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_decisions_kind" CHECK ("credential_decisions"."decision" in ('verified', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"other_name" text DEFAULT '' NOT NULL,
	"number" text NOT NULL,
	"issuing_state" text DEFAULT 'NJ' NOT NULL,
	"expires_on" date,
	"document_file_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_reason" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"reminded_days_before" integer,
	"expiry_notice_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credentials_status" CHECK ("credentials"."status" in ('pending', 'verified', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"practice_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_practice_id_professional_id_pk" PRIMARY KEY("practice_id","professional_id")
);
--> statement-breakpoint
CREATE TABLE "shift_backfills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shift_id" uuid NOT NULL,
	"cancelled_booking_id" uuid,
	"cancelled_application_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"told_at" timestamp with time zone,
	"told_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shift_id" uuid NOT NULL,
	"practice_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "shift_invitations_status" CHECK ("shift_invitations"."status" in ('pending', 'accepted', 'declined', 'withdrawn', 'expired'))
);
--> statement-breakpoint
DROP INDEX "shifts_open_board_idx";--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "requirements" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "favourites_first_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "instant_book_for" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "instant_book_min_rating_tenths" smallint;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "posting_id" uuid;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "whole_block" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "credential_decisions" ADD CONSTRAINT "credential_decisions_credential_id_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_decisions" ADD CONSTRAINT "credential_decisions_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_document_file_id_stored_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_backfills" ADD CONSTRAINT "shift_backfills_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_backfills" ADD CONSTRAINT "shift_backfills_cancelled_booking_id_bookings_id_fk" FOREIGN KEY ("cancelled_booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_backfills" ADD CONSTRAINT "shift_backfills_cancelled_application_id_shift_applications_id_fk" FOREIGN KEY ("cancelled_application_id") REFERENCES "public"."shift_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_invitations" ADD CONSTRAINT "shift_invitations_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_invitations" ADD CONSTRAINT "shift_invitations_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_invitations" ADD CONSTRAINT "shift_invitations_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_invitations" ADD CONSTRAINT "shift_invitations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credential_decisions_credential_idx" ON "credential_decisions" USING btree ("credential_id","created_at");--> statement-breakpoint
CREATE INDEX "credentials_professional_idx" ON "credentials" USING btree ("professional_id","kind");--> statement-breakpoint
CREATE INDEX "credentials_pending_idx" ON "credentials" USING btree ("created_at") WHERE "credentials"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "credentials_expiring_idx" ON "credentials" USING btree ("expires_on") WHERE "credentials"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "favourites_professional_idx" ON "favourites" USING btree ("professional_id");--> statement-breakpoint
CREATE INDEX "shift_backfills_waiting_idx" ON "shift_backfills" USING btree ("created_at") WHERE "shift_backfills"."told_at" is null;--> statement-breakpoint
CREATE INDEX "shift_backfills_shift_idx" ON "shift_backfills" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_invitations_once" ON "shift_invitations" USING btree ("shift_id","professional_id");--> statement-breakpoint
CREATE INDEX "shift_invitations_professional_idx" ON "shift_invitations" USING btree ("professional_id","status");--> statement-breakpoint
CREATE INDEX "shifts_posting_idx" ON "shifts" USING btree ("posting_id") WHERE "shifts"."posting_id" is not null;--> statement-breakpoint
CREATE INDEX "shifts_open_board_idx" ON "shifts" USING btree ("position","local_day","latitude","longitude","local_start_minute","local_end_minute","starts_at","rate_cents","id","practice_id","favourites_first_until","requirements") WHERE "shifts"."status" = 'open';--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_instant_book_for" CHECK ("shifts"."instant_book_for" in ('everyone', 'favourites', 'min_rating'));--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_instant_book_min_rating" CHECK ("shifts"."instant_book_min_rating_tenths" is null or "shifts"."instant_book_min_rating_tenths" between 10 and 50);--> statement-breakpoint
-- The license fields of signup become each professional's first credential (decision record 022):
-- verified when the professional was (screening checked the license), expiry not known yet.
INSERT INTO "credentials" ("professional_id", "kind", "other_name", "number", "issuing_state", "status", "decided_at")
SELECT p."id",
  CASE WHEN p."role" = 'hygienist' THEN 'nj_hygienist_license'
       WHEN p."license_type" = 'RDA' THEN 'nj_rda_registration'
       ELSE 'other' END,
  CASE WHEN p."role" = 'hygienist' OR p."license_type" = 'RDA' THEN ''
       ELSE coalesce(p."license_type", 'Dental assistant license') END,
  p."license_number", 'NJ',
  CASE WHEN p."status" = 'verified' THEN 'verified' ELSE 'pending' END,
  CASE WHEN p."status" = 'verified' THEN now() END
FROM "professionals" p
WHERE p."role" IN ('hygienist', 'assistant') AND coalesce(p."license_number", '') <> '';--> statement-breakpoint
-- What a professional holds, and whose favourite they are, decide which shifts their board lists.
CREATE TRIGGER credentials_notice_insert AFTER INSERT ON credentials
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('''professional:'' || r.professional_id');--> statement-breakpoint
CREATE TRIGGER credentials_notice_update AFTER UPDATE ON credentials
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('''professional:'' || r.professional_id');--> statement-breakpoint
CREATE TRIGGER credentials_notice_delete AFTER DELETE ON credentials
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_old_rows('''professional:'' || r.professional_id');--> statement-breakpoint
CREATE TRIGGER favourites_notice_insert AFTER INSERT ON favourites
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('unnest(array[''practice:'' || r.practice_id, ''professional:'' || r.professional_id])');--> statement-breakpoint
CREATE TRIGGER favourites_notice_delete AFTER DELETE ON favourites
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_old_rows('unnest(array[''practice:'' || r.practice_id, ''professional:'' || r.professional_id])');
