-- The daily runs at scale (issue 27, ADR 027).

-- The card bill reminders read, a page at a time in id order, the cards whose bill falls due on
-- a day: the cards due on day D are a range of this index, already in id order (keyset pages),
-- instead of a scan of every account after the last page's id.
create index accounts_card_due_idx on accounts (due_day, id)
  where kind = 'credit_card' and not archived;
