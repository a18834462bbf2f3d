-- Hot updates signed off the server and made live by a second operator (issue 25, decision 016).
-- The release machine signs a bundle; the server only verifies the signature against its public
-- key. An uploaded bundle waits as 'pending' and is offered to the apps only once another
-- operator holding hot_update:publish approved it ('published'), or never ('rejected'). Versions
-- published before this migration, and full packages, are 'published'.
ALTER TABLE app_versions
  ADD COLUMN status text NOT NULL DEFAULT 'published'
    CONSTRAINT app_versions_status_check CHECK (status IN ('pending', 'published', 'rejected'));
ALTER TABLE app_versions ADD COLUMN proposed_by bigint REFERENCES operators(id);
ALTER TABLE app_versions ADD COLUMN decided_by bigint REFERENCES operators(id);
ALTER TABLE app_versions ADD COLUMN decided_at timestamptz;
-- Four eyes in the database as well: whoever uploaded a bundle never decides on it.
ALTER TABLE app_versions ADD CONSTRAINT app_versions_four_eyes_check
  CHECK (decided_by IS NULL OR proposed_by IS NULL OR decided_by <> proposed_by);
