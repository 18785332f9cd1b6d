-- The street, city and state typed at signup become the Home Address of professionals who have
-- none yet (the ZIP code was already carried into home_zip_code).
UPDATE "professionals"
SET "home_address" = concat_ws(', ', nullif(trim("address"), ''), nullif(trim("city"), ''), nullif(trim("state"), ''))
WHERE "home_address" = ''
  AND (trim("address") <> '' OR trim("city") <> '' OR trim("state") <> '');
