-- Issue 28 point 8: a shipped mall order records the courier and the waybill number, which the
-- buyer sees in the app's order detail. Orders shipped before this migration have neither.
ALTER TABLE mall_orders
  ADD COLUMN courier text,
  ADD COLUMN waybill_no text;
