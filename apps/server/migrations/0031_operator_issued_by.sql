-- Who last received an operator's temporary password (the super admin that approved its
-- creation or its TOTP reset). Until the operator replaces it, that super admin could sign in as
-- it, so the two never count as two people (decision 022).
ALTER TABLE operators ADD COLUMN issued_by bigint;
