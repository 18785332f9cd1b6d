-- Exactly one main location per practice, guaranteed by the database. The partial unique index
-- (0000) allows at most one; this deferred constraint trigger checks at commit that a practice
-- that still exists has exactly one, so "make main" can clear the old flag and set the new one
-- inside one transaction.
CREATE FUNCTION check_exactly_one_main_location() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
  mains integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    target := OLD.practice_id;
  ELSE
    target := NEW.practice_id;
  END IF;
  IF EXISTS (SELECT 1 FROM practices WHERE id = target) THEN
    SELECT count(*) INTO mains FROM locations WHERE practice_id = target AND is_main_location;
    IF mains <> 1 THEN
      RAISE EXCEPTION 'practice % must have exactly one main location (has %)', target, mains
        USING ERRCODE = '23514', CONSTRAINT = 'locations_exactly_one_main';
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER locations_exactly_one_main
  AFTER INSERT OR UPDATE OR DELETE ON locations
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION check_exactly_one_main_location();
