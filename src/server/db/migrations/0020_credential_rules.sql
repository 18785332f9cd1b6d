-- Credentials and shift requirements, enforced by the database (decision record 022).
--
-- 1. A credential's kind is one of the New Jersey list (@shared/trust/credentials), and a shift
--    requires only known keys (@shared/trust/requirements).
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_kind" CHECK ("kind" in ('nj_hygienist_license', 'cpr_bls', 'local_anesthesia_permit', 'nitrous_oxide_permit', 'nj_rda_registration', 'nj_radiologic_license', 'other'));--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_other_named" CHECK ("kind" <> 'other' or "other_name" <> '');--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_requirements_known" CHECK ("requirements" <@ array['cpr_bls', 'local_anesthesia_permit', 'nitrous_oxide_permit', 'nj_rda_registration', 'nj_radiologic_license', 'nj_hygienist_license', 'software:Dentrix', 'software:Dentrix Ascend', 'software:Eaglesoft', 'software:OpenDental', 'software:Curve', 'software:Denticon', 'software:Practice Web', 'scanning:iTero', 'scanning:Cerec', 'certifications:sealants', 'certifications:coronal', 'skills:insuranceKnowledge', 'skills:billingClaims', 'skills:treatmentPlanning', 'skills:scheduling']::text[]);--> statement-breakpoint
-- 2. Changing what was checked (kind, number, state, expiry, document) sends a credential back to
--    review and starts its reminders and expiry notice again, whoever writes the row.
CREATE FUNCTION credentials_back_to_review() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.kind, OLD.other_name, OLD.number, OLD.issuing_state, OLD.expires_on, OLD.document_file_id)
      IS DISTINCT FROM (NEW.kind, NEW.other_name, NEW.number, NEW.issuing_state, NEW.expires_on, NEW.document_file_id) THEN
    NEW.status := 'pending';
    NEW.decision_reason := '';
    NEW.decided_at := NULL;
    NEW.reminded_days_before := NULL;
    NEW.expiry_notice_sent_at := NULL;
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER credentials_back_to_review BEFORE UPDATE ON credentials
FOR EACH ROW EXECUTE FUNCTION credentials_back_to_review();--> statement-breakpoint
-- 3. Stored reach counts (decision record 009) follow what professionals hold: a change to a
--    verified professional's credentials or required skills bumps the epoch of their role.
CREATE OR REPLACE FUNCTION bump_matching_epochs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- One bump per role per statement (a bulk seed of thousands of rows bumps once).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO matching_epochs (role, epoch)
    SELECT DISTINCT role, 1 FROM new_rows WHERE status = 'verified'
    ON CONFLICT (role) DO UPDATE SET epoch = matching_epochs.epoch + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO matching_epochs (role, epoch)
    SELECT DISTINCT role, 1 FROM old_rows WHERE status = 'verified'
    ON CONFLICT (role) DO UPDATE SET epoch = matching_epochs.epoch + 1;
  ELSE
    INSERT INTO matching_epochs (role, epoch)
    SELECT DISTINCT side.role, 1
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES (o.role, o.status), (n.role, n.status)) AS side(role, status)
    WHERE side.status = 'verified'
      AND (o.role, o.status, o.home_latitude, o.home_longitude, o.travel_distance_miles,
          o.minimum_rate_cents, o.availability, o.software, o.scanning, o.certifications, o.skills)
        IS DISTINCT FROM (n.role, n.status, n.home_latitude, n.home_longitude,
          n.travel_distance_miles, n.minimum_rate_cents, n.availability, n.software, n.scanning,
          n.certifications, n.skills)
    ON CONFLICT (role) DO UPDATE SET epoch = matching_epochs.epoch + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION bump_matching_epochs_for_credentials() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO matching_epochs (role, epoch)
    SELECT DISTINCT p.role, 1 FROM old_rows c JOIN professionals p ON p.id = c.professional_id
    WHERE p.status = 'verified'
    ON CONFLICT (role) DO UPDATE SET epoch = matching_epochs.epoch + 1;
  ELSIF TG_OP = 'INSERT' THEN
    -- A credential that does not count yet (pending, rejected) changes no count when it arrives.
    INSERT INTO matching_epochs (role, epoch)
    SELECT DISTINCT p.role, 1 FROM new_rows c JOIN professionals p ON p.id = c.professional_id
    WHERE p.status = 'verified' AND c.status = 'verified'
    ON CONFLICT (role) DO UPDATE SET epoch = matching_epochs.epoch + 1;
  ELSE
    -- Only what the rule reads (reminders sent, notices sent change nothing).
    INSERT INTO matching_epochs (role, epoch)
    SELECT DISTINCT p.role, 1
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN professionals p ON p.id = n.professional_id
    WHERE p.status = 'verified'
      AND (o.kind, o.status, o.expires_on, o.professional_id)
        IS DISTINCT FROM (n.kind, n.status, n.expires_on, n.professional_id)
    ON CONFLICT (role) DO UPDATE SET epoch = matching_epochs.epoch + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER credentials_matching_epochs_insert AFTER INSERT ON credentials
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_matching_epochs_for_credentials();--> statement-breakpoint
CREATE TRIGGER credentials_matching_epochs_update AFTER UPDATE ON credentials
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_matching_epochs_for_credentials();--> statement-breakpoint
CREATE TRIGGER credentials_matching_epochs_delete AFTER DELETE ON credentials
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_matching_epochs_for_credentials();
