-- Wrong logins to a mobile no account has are counted and locked exactly like those to an
-- agent's account (agents.failed_logins / locked_until), so neither the answer nor the lock that
-- follows five of them tells a caller whether the mobile is registered (issue 25).
CREATE TABLE unknown_login_guards (
  mobile varchar(11) PRIMARY KEY,
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
