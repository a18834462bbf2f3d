-- Licence review (the operators' console): the queue of licences under review is read, and
-- counted, from a partial index, so neither walks the whole merchants table.
CREATE INDEX merchants_licence_review_idx ON merchants (id) WHERE licence_status = 1;
