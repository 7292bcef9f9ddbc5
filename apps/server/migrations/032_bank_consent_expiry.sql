-- Open Finance consent (ARCHITECTURE §11): when the bank's consent for an item ends, read from
-- the aggregator on each sync, and the expiry a WhatsApp reminder was sent for (one per
-- connection per expiry date, however many times the daily run reads it).
alter table bank_connections
  add column consent_expires_at timestamptz,
  add column consent_reminded_for timestamptz;
