CREATE TABLE "shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practice_id" uuid NOT NULL,
	"location_id" uuid,
	"location_name" text NOT NULL,
	"location_address" text NOT NULL,
	"location_zip_code" text DEFAULT '' NOT NULL,
	"position" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"rate_cents" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"time_per_patient_minutes" integer,
	"break_minutes" integer DEFAULT 30 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_end_after_start" CHECK ("shifts"."ends_at" > "shifts"."starts_at"),
	CONSTRAINT "shifts_rate_not_negative" CHECK ("shifts"."rate_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"original_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "payment_method_last4" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "payment_method_bank_name" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "payment_method_account_type" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "payment_method_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "bank_access_token_encrypted" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "bank_item_id" text;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shifts_practice_starts_idx" ON "shifts" USING btree ("practice_id","starts_at");--> statement-breakpoint
CREATE INDEX "shifts_open_starts_idx" ON "shifts" USING btree ("position","starts_at") WHERE "shifts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_user_id");--> statement-breakpoint
ALTER TABLE "professionals" DROP COLUMN "photo_key";--> statement-breakpoint
ALTER TABLE "professionals" DROP COLUMN "resume_key";--> statement-breakpoint
ALTER TABLE "professionals" DROP COLUMN "resume_file_name";