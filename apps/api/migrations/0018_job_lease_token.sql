-- A new token with each claim of a job: its worker renews the (now short) lease and settles the
-- job only while the token is its own, so a worker that lost its lease cannot overwrite a newer
-- claim (decision 060). A job claimed by an older instance has none; that instance settles it as before.
ALTER TABLE "jobs" ADD COLUMN "lease_token" uuid;
