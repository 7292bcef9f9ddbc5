-- The WhatsApp channel (issue 8, ARCHITECTURE §2, §7): account links, linking codes, the inbox
-- of messages received (webhook and simulator) and the outbox of messages to send.

-- One WhatsApp number belongs to one account, and one account has one number. phone_key is the
-- number's canonical form (Brazilian mobiles with the ninth digit, see src/whatsapp/phone.ts),
-- so '5511987654321' and '551187654321' are the same number; wa_id is the form WhatsApp used
-- the last time the person wrote (proactive messages go there).
create table whatsapp_links (
  user_id text primary key references profiles (id) on delete cascade,
  phone_key text not null unique check (phone_key ~ '^[0-9]{8,15}$'),
  wa_id text not null check (wa_id ~ '^[0-9]{8,15}$'),
  linked_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Short-lived, single-use codes the dashboard shows ('vincular <code>'). A user has at most one
-- live code: asking for a new one replaces it.
create table whatsapp_link_codes (
  code text primary key check (code ~ '^[A-Z2-9]{6}$'),
  user_id text not null unique references profiles (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);

-- Every message received, once (message_id is WhatsApp's id, or 'sim.<uuid>' for the
-- simulator). The payload is the message object as received; it is erased after processing
-- when the sender is not a customer (LGPD: nothing but the delivery record is kept for them).
create table whatsapp_inbound (
  id bigint generated always as identity primary key,
  message_id text not null unique,
  channel text not null check (channel in ('whatsapp', 'simulator')),
  wa_id text not null,
  -- The account that wrote: set on processing for WhatsApp, on receipt for the simulator.
  user_id text references profiles (id) on delete cascade,
  type text not null,
  payload jsonb,
  -- When WhatsApp says the person sent it (falls back to received_at).
  sent_at timestamptz not null default now(),
  received_at timestamptz not null default now(),
  processed_at timestamptz,
  status text not null default 'received' check (status in (
    'received', 'processed', 'linked', 'link_refused', 'unknown_sender', 'failed')),
  attempts integer not null default 0,
  last_error text
);

-- The 24-hour window and the linking attempt limit look at a number's recent messages.
create index whatsapp_inbound_wa_idx on whatsapp_inbound (wa_id, received_at desc);
-- The recovery sweep looks for what is still unprocessed.
create index whatsapp_inbound_pending_idx on whatsapp_inbound (received_at) where processed_at is null;
-- The simulator's conversation.
create index whatsapp_inbound_user_idx on whatsapp_inbound (user_id, received_at desc)
  where channel = 'simulator';

-- Every message to send, once per decision (idempotency_key: e.g. '<inbound message id>:reply').
-- Sent by the whatsapp_send job (src/whatsapp/sender.ts), to Meta or to the simulator.
create table whatsapp_outbound (
  id bigint generated always as identity primary key,
  idempotency_key text not null unique,
  channel text not null check (channel in ('whatsapp', 'simulator')),
  wa_id text not null,
  user_id text references profiles (id) on delete set null,
  kind text not null check (kind in ('text', 'interactive', 'template')),
  payload jsonb not null,
  status text not null default 'queued' check (status in (
    'queued', 'sent', 'delivered', 'read', 'failed')),
  attempts integer not null default 0,
  last_error text,
  error_code integer,
  -- WhatsApp's id for the sent message: status callbacks find the row by it, and a retried job
  -- that finds it set does not send again.
  wamid text unique,
  -- Per-recipient pacing: the earliest moment this message may go out.
  not_before timestamptz not null default now(),
  next_attempt_at timestamptz not null default now(),
  -- Set while a call to Meta is under way. Still set after a crash mid-call: the message is in
  -- doubt until Meta's status callback (which carries our id) says it went out.
  attempt_started_at timestamptz,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  delivered_at timestamptz,
  read_at timestamptz,
  failed_at timestamptz,
  updated_at timestamptz not null default now()
);

create index whatsapp_outbound_wa_idx on whatsapp_outbound (wa_id, not_before desc);
create index whatsapp_outbound_pending_idx on whatsapp_outbound (next_attempt_at)
  where status = 'queued';
create index whatsapp_outbound_failed_idx on whatsapp_outbound (failed_at desc)
  where status = 'failed';
create index whatsapp_outbound_user_idx on whatsapp_outbound (user_id, created_at desc)
  where channel = 'simulator';
