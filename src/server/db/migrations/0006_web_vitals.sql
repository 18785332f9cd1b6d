CREATE TABLE "web_vitals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"route" text NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	"rating" text,
	"navigation_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_vitals_metric_check" CHECK ("web_vitals"."metric" in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')),
	CONSTRAINT "web_vitals_value_check" CHECK ("web_vitals"."value" >= 0)
);
--> statement-breakpoint
CREATE INDEX "web_vitals_created_at_idx" ON "web_vitals" USING btree ("created_at");