-- Identification review (the operators' console): a refusal of the built-in verification waits
-- for an operator until reviewed; the agent's resubmission clears the mark and queues it again.
ALTER TABLE merchants ADD COLUMN identify_reviewed_at timestamptz;
CREATE INDEX merchants_identify_review_idx ON merchants (id)
  WHERE identify_status = 2 AND identify_reviewed_at IS NULL;
