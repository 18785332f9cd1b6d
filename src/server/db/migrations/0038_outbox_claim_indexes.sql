DROP INDEX "email_outbox_due_idx";--> statement-breakpoint
DROP INDEX "push_outbox_due_idx";--> statement-breakpoint
DROP INDEX "sms_outbox_due_idx";--> statement-breakpoint
CREATE INDEX "email_outbox_queued_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "email_outbox_leased_idx" ON "email_outbox" USING btree ("locked_until") WHERE status = 'sending';--> statement-breakpoint
CREATE INDEX "push_outbox_queued_idx" ON "push_outbox" USING btree ("next_attempt_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "push_outbox_leased_idx" ON "push_outbox" USING btree ("locked_until") WHERE status = 'sending';--> statement-breakpoint
CREATE INDEX "sms_outbox_queued_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "sms_outbox_leased_idx" ON "sms_outbox" USING btree ("locked_until") WHERE status = 'sending';