CREATE TABLE "shift_boosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shift_id" uuid NOT NULL,
	"practice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"rate_cents_before" integer,
	"rate_cents_after" integer,
	"told" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "shift_boosts_kind" CHECK ("shift_boosts"."kind" in ('rate', 'widen', 'urgent')),
	CONSTRAINT "shift_boosts_rate_raised" CHECK ("shift_boosts"."kind" <> 'rate' or "shift_boosts"."rate_cents_after" > "shift_boosts"."rate_cents_before")
);
--> statement-breakpoint
ALTER TABLE "shift_boosts" ADD CONSTRAINT "shift_boosts_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_boosts" ADD CONSTRAINT "shift_boosts_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_boosts" ADD CONSTRAINT "shift_boosts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_boosts_practice_day_idx" ON "shift_boosts" USING btree ("practice_id","day");--> statement-breakpoint
CREATE INDEX "shift_boosts_shift_idx" ON "shift_boosts" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_boosts_one_widen" ON "shift_boosts" USING btree ("shift_id") WHERE "shift_boosts"."kind" = 'widen';--> statement-breakpoint
CREATE UNIQUE INDEX "shift_boosts_one_urgent" ON "shift_boosts" USING btree ("shift_id") WHERE "shift_boosts"."kind" = 'urgent';