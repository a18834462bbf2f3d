-- Issue 30 (decision 027), Alipay. A settlement account is a bank card or an Alipay account.
-- An Alipay account keeps its login id (mobile or e-mail) where a card keeps its number:
-- encrypted in card_enc, masked in card_masked; bank_name reads 支付宝. Withdrawals to it are
-- paid by Alipay transfers (PAYOUT=alipay).
ALTER TABLE settle_accounts
  ADD COLUMN account_type text NOT NULL DEFAULT 'bank' CHECK (account_type IN ('bank', 'alipay'));

-- Payouts sent whose outcome is not final yet: approved withdrawals carrying the provider's
-- reference, which the payout-status job asks about until they are paid or failed.
CREATE INDEX withdrawals_payout_in_flight_idx ON withdrawals (id)
  WHERE status = 1 AND payout_ref IS NOT NULL;

-- Gateway payments not applied (awaiting, or closed unpaid) by when they were opened: the
-- payment-query job asks the gateway about the recent ones, whose notify may be lost.
CREATE INDEX mall_payments_unapplied_idx ON mall_payments (created_at) WHERE status IN (0, 4);
