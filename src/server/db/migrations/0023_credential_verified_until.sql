ALTER TABLE "credentials" ADD COLUMN "verified_until" date;--> statement-breakpoint
-- Verified credentials: the expiry ChairFill verified (decision record 024).
UPDATE "credentials" SET "verified_until" = "expires_on" WHERE "status" = 'verified';
