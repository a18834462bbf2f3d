-- Hot updates (app version type 'wgt'): the bundle's checksum and the platform's Ed25519
-- signature over version and checksum, its size, the lowest app version it may be applied to,
-- and the zipped bundle itself (a few megabytes per release; kept in the database so that every
-- server process serves it and backups hold it).
ALTER TABLE app_versions ADD COLUMN sha256 text;
ALTER TABLE app_versions ADD COLUMN signature text;
ALTER TABLE app_versions ADD COLUMN size_bytes bigint;
ALTER TABLE app_versions ADD COLUMN min_version text;

CREATE TABLE app_bundles (
  version_id bigint PRIMARY KEY REFERENCES app_versions(id),
  bytes bytea NOT NULL
);
