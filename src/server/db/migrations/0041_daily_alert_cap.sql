CREATE TABLE "alert_days" (
	"professional_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent" smallint NOT NULL,
	CONSTRAINT "alert_days_professional_id_day_pk" PRIMARY KEY("professional_id","day"),
	CONSTRAINT "alert_days_sent" CHECK ("alert_days"."sent" >= 0)
);
--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "daily_alert_cap" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_days" ADD CONSTRAINT "alert_days_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_daily_alert_cap" CHECK ("professionals"."daily_alert_cap" between 1 and 8);