CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practice_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"shift_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"timesheet_id" uuid,
	"kind" text NOT NULL,
	"pay_through" text NOT NULL,
	"minutes" integer NOT NULL,
	"rate_cents" integer NOT NULL,
	"shift_amount_cents" integer NOT NULL,
	"payout_amount_cents" integer NOT NULL,
	"fee_basis_points" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_payment_id" text,
	"failure_reason" text DEFAULT '' NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"refund_note" text DEFAULT '' NOT NULL,
	"refunded_by_user_id" uuid,
	"invoice_id" uuid,
	"service_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "charges_amounts" CHECK ("charges"."shift_amount_cents" >= 0 and "charges"."payout_amount_cents" >= 0 and "charges"."fee_cents" >= 0 and "charges"."total_cents" = "charges"."payout_amount_cents" + "charges"."fee_cents" and "charges"."refunded_cents" between 0 and "charges"."total_cents")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practice_id" uuid NOT NULL,
	"number" text NOT NULL,
	"week_start" timestamp with time zone NOT NULL,
	"week_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"event" text NOT NULL,
	"account" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"practice_id" uuid,
	"professional_id" uuid,
	"charge_id" uuid,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_lines_not_zero" CHECK ("ledger_lines"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"outcome" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"professional_id" uuid PRIMARY KEY NOT NULL,
	"provider_account_id" text NOT NULL,
	"bank_name" text NOT NULL,
	"last4" text NOT NULL,
	"account_type" text NOT NULL,
	"payouts_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charge_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_transfer_id" text,
	"failure_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "payouts_amount" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "payment_customer_id" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "provider_bank_id" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "debit_authorized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "debit_authorization_ip" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "debit_authorization_user_agent" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "payment_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "pay_through" text DEFAULT 'chairfill' NOT NULL;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "fee_basis_points" integer DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_timesheet_id_timesheets_id_fk" FOREIGN KEY ("timesheet_id") REFERENCES "public"."timesheets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_refunded_by_user_id_users_id_fk" FOREIGN KEY ("refunded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_once_per_booking" ON "charges" USING btree ("booking_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_provider_payment" ON "charges" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "charges_practice_idx" ON "charges" USING btree ("practice_id","service_date","created_at");--> statement-breakpoint
CREATE INDEX "charges_invoice_idx" ON "charges" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "charges_professional_idx" ON "charges" USING btree ("professional_id","service_date");--> statement-breakpoint
CREATE INDEX "charges_open_idx" ON "charges" USING btree ("status","created_at") WHERE "charges"."status" in ('pending', 'processing', 'failed');--> statement-breakpoint
CREATE INDEX "charges_uninvoiced_idx" ON "charges" USING btree ("practice_id","created_at") WHERE "charges"."invoice_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_once_per_week" ON "invoices" USING btree ("practice_id","week_start");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "ledger_lines_entry_idx" ON "ledger_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_charge_idx" ON "ledger_lines" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("account","practice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_once" ON "payment_events" USING btree ("provider","provider_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_once_per_charge" ON "payouts" USING btree ("charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_transfer" ON "payouts" USING btree ("provider_transfer_id");--> statement-breakpoint
CREATE INDEX "payouts_professional_idx" ON "payouts" USING btree ("professional_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_waiting_idx" ON "payouts" USING btree ("created_at") WHERE "payouts"."status" = 'waiting';--> statement-breakpoint
-- Billing and Earnings are kept answers (decision records 011, 020): every change to the money a
-- practice or professional sees is announced on commit like the other hot reads.
CREATE TRIGGER charges_notice_insert AFTER INSERT ON charges
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('unnest(array[''practice:'' || r.practice_id, ''professional:'' || r.professional_id])');
--> statement-breakpoint
CREATE TRIGGER charges_notice_update AFTER UPDATE ON charges
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('unnest(array[''practice:'' || r.practice_id, ''professional:'' || r.professional_id])');
--> statement-breakpoint
CREATE TRIGGER charges_notice_delete AFTER DELETE ON charges
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_old_rows('unnest(array[''practice:'' || r.practice_id, ''professional:'' || r.professional_id])');
--> statement-breakpoint
CREATE TRIGGER invoices_notice_insert AFTER INSERT ON invoices
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('''practice:'' || r.practice_id');
--> statement-breakpoint
CREATE TRIGGER invoices_notice_delete AFTER DELETE ON invoices
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_old_rows('''practice:'' || r.practice_id');
--> statement-breakpoint
CREATE TRIGGER payouts_notice_insert AFTER INSERT ON payouts
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('unnest(array[''professional:'' || r.professional_id, ''practice:'' || (SELECT c.practice_id FROM charges c WHERE c.id = r.charge_id)])');
--> statement-breakpoint
CREATE TRIGGER payouts_notice_update AFTER UPDATE ON payouts
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('unnest(array[''professional:'' || r.professional_id, ''practice:'' || (SELECT c.practice_id FROM charges c WHERE c.id = r.charge_id)])');
--> statement-breakpoint
CREATE TRIGGER timesheets_notice_insert AFTER INSERT ON timesheets
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('unnest(array[''practice:'' || r.practice_id, ''professional:'' || r.professional_id])');
--> statement-breakpoint
CREATE TRIGGER timesheets_notice_update AFTER UPDATE ON timesheets
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('unnest(array[''practice:'' || r.practice_id, ''professional:'' || r.professional_id])');
--> statement-breakpoint
CREATE TRIGGER timesheets_notice_delete AFTER DELETE ON timesheets
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_old_rows('unnest(array[''practice:'' || r.practice_id, ''professional:'' || r.professional_id])');
--> statement-breakpoint
CREATE FUNCTION notify_practice_payment_holds() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  FOR changed IN SELECT DISTINCT 'practice:' || n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.payment_failed_at IS DISTINCT FROM o.payment_failed_at
  LOOP
    PERFORM pg_notify('chairfill_changes', changed);
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER practices_payment_notice_update AFTER UPDATE ON practices
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_practice_payment_holds();
