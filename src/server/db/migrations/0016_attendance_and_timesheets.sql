CREATE TABLE "timesheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"shift_id" uuid NOT NULL,
	"practice_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"break_minutes" integer NOT NULL,
	"worked_minutes" integer NOT NULL,
	"rate_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"submitted_by" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	"dispute_reason" text DEFAULT '' NOT NULL,
	"disputed_at" timestamp with time zone,
	"resolution_note" text DEFAULT '' NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" uuid,
	CONSTRAINT "timesheets_hours" CHECK ("timesheets"."ended_at" > "timesheets"."started_at"),
	CONSTRAINT "timesheets_worked_minutes" CHECK ("timesheets"."worked_minutes" > 0 and "timesheets"."break_minutes" >= 0),
	CONSTRAINT "timesheets_amount" CHECK ("timesheets"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "check_in_code" text DEFAULT lpad((floor(random() * 1000000))::integer::text, 6, '0') NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "check_in_latitude" double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "check_in_longitude" double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timesheets_one_per_booking" ON "timesheets" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "timesheets_practice_idx" ON "timesheets" USING btree ("practice_id","status","submitted_at");--> statement-breakpoint
CREATE INDEX "timesheets_professional_idx" ON "timesheets" USING btree ("professional_id","submitted_at");--> statement-breakpoint
CREATE INDEX "timesheets_waiting_idx" ON "timesheets" USING btree ("submitted_at") WHERE "timesheets"."status" = 'submitted';