-- card_bill_month (migration 018), the same answer written with immutable functions only, so
-- PostgreSQL inlines it into the statements that group a card's days by bill (billsOfCards, a
-- card's bills) instead of calling it once per day row: to_char is only STABLE (it reads the
-- locale settings), and a function declared IMMUTABLE whose body holds a STABLE one is never
-- inlined. card-bills.queries.test.ts still holds it to cardBillMonthOf (packages/shared) for
-- every pair of days over years of dates.
-- The bill's month as a count of months (year * 12 + month - 1): the entry's month, one more
-- when the day is past the closing day (clamped to the month's length), one more when the bill
-- falls due in the month after it closes.
create function card_bill_month_number(day date, closing_day int, due_day int) returns int
language sql immutable parallel safe as $$
  select (extract(year from day) * 12 + extract(month from day) - 1)::int
         + case when extract(day from day) <= least(closing_day,
                     extract(day from date_trunc('month', day::timestamp) + interval '1 month - 1 day'))
                then 0 else 1 end
         + case when due_day > closing_day then 0 else 1 end
$$;

create or replace function card_bill_month(day date, closing_day int, due_day int) returns text
language sql immutable parallel safe as $$
  select lpad((card_bill_month_number(day, closing_day, due_day) / 12)::text, 4, '0') || '-'
         || lpad((card_bill_month_number(day, closing_day, due_day) % 12 + 1)::text, 2, '0')
$$;
