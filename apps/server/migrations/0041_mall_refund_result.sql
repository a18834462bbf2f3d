-- A gateway refund's final state, as its provider reports it after accepting it (WeChat Pay's
-- REFUND.* notification: SUCCESS, CLOSED or ABNORMAL). Empty while none has arrived; the
-- payment's status says the refund was accepted (3), as before.
ALTER TABLE mall_payments ADD COLUMN refund_result text;
ALTER TABLE mall_payments ADD COLUMN refund_result_at timestamptz;
