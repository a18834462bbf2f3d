-- Product policy versions (the operators' console): every edit of a product policy keeps the
-- terms it replaced and the new ones, numbered like policies.version; settlement reads the current
-- terms, the versions say what held when.
CREATE TABLE policy_versions (
  policy_id bigint NOT NULL REFERENCES policies(id),
  version integer NOT NULL,
  name text NOT NULL,
  terms jsonb NOT NULL,
  operator_id bigint,
  operator_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (policy_id, version)
);
