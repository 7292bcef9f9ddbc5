-- The VIP waitlist (the spec's `usuarios`, with its spelling `whatssapp`). WhatsApp is stored as
-- digits and is the person's identity here: the same number signing up twice is one row.
create table usuarios (
  id bigserial primary key,
  nome text not null,
  whatssapp text not null unique check (whatssapp ~ '^[0-9]{10,13}$'),
  email text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index usuarios_created_at_idx on usuarios (created_at desc);
