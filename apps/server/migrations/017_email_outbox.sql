-- The e-mail outbox (ADR 020): every e-mail is a row here and a mail_send job, both written in
-- the transaction that caused the e-mail, so an e-mail exists if and only if its cause
-- committed, and a crash loses none. Sent by platform/mail/outbox.ts through the mailer.
--
-- LGPD: the address and the bodies (whose links carry tokens) are kept only while the e-mail
-- waits; sending it, or giving up, erases them. What stays is no one's data: the kind, our own
-- subject line, the outcome and its times. Those records go after 30 days (mail_retention).
create table email_outbox (
  id bigint generated always as identity primary key,
  -- What the e-mail is ('confirmar-email', 'redefinir-senha', 'team-invitation'...).
  kind text not null,
  recipient text,
  subject text not null,
  text_body text,
  html_body text,
  -- The one action in the e-mail: logged by the file mailer in development, never stored past sending.
  link text,
  status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
  attempts integer not null default 0,
  -- When the next attempt may start (retries back off), and when the current one started: an
  -- attempt holds the row for a while (a lease), so a crash mid-attempt is retried after it.
  next_attempt_at timestamptz not null default now(),
  attempt_started_at timestamptz,
  -- The latest failure, without the address ('ECONNECTION: ...', 'EENVELOPE 550: ...').
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  failed_at timestamptz,
  updated_at timestamptz not null default now(),
  check (status = 'queued' or (recipient is null and text_body is null and html_body is null
                               and link is null))
);

-- The recovery sweep looks for e-mails still waiting; account deletion for those to an address.
create index email_outbox_queued_idx on email_outbox (lower(recipient)) where status = 'queued';
-- Retention drops settled records by age.
create index email_outbox_created_idx on email_outbox (created_at) where status <> 'queued';
