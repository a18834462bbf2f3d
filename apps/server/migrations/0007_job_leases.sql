-- A job's claim dies with its holder: the process running a job period holds a short lease that
-- it renews while it works. A killed process stops renewing, its lease runs out within seconds,
-- and the next process takes the period over. The holder names the process, so a late finish of
-- a process that lost its lease cannot overwrite the new holder's status.
ALTER TABLE job_runs ADD COLUMN holder text;
ALTER TABLE job_runs ADD COLUMN lease_until timestamptz;
