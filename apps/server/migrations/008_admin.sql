-- The admin panel (issue 6). Both admin lists are read newest first a page at a time, with a
-- keyset cursor on (created_at, id): these indexes make any page, the first above all, a short
-- index walk instead of a sort of the whole table.
create index profiles_created_at_id_idx on profiles (created_at desc, id desc);

-- Replaces 004's created_at-only index: the id breaks ties between rows written in the same
-- transaction (same now()), so the cursor never skips or repeats one.
drop index if exists usuarios_created_at_idx;
create index usuarios_created_at_id_idx on usuarios (created_at desc, id desc);

-- The admin search's folding: lower case, Portuguese accents off, so 'joao' finds 'João' and
-- 'JOSÉ' finds 'jose'. Plain translate() rather than the unaccent extension, which a managed
-- PostgreSQL may not offer; upper-case letters are mapped before lower() so that the result does
-- not depend on the database's locale.
create function admin_search_fold(value text) returns text
language sql immutable strict parallel safe
as $$
  select lower(translate(
    value,
    'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ',
    'AAAAAAEEEEIIIIOOOOOUUUUCNYaaaaaaeeeeiiiiooooouuuucnyy'
  ))
$$;

-- What the search looks in, folded once when a profile is written rather than on every search:
-- folding 10,000 names and e-mails per keystroke costs far more than the search itself. The
-- newline keeps a search from matching across the name and the e-mail (the search box is one
-- line). A contains-search still reads every row; with pg_trgm available, a GIN trigram index on
-- this column would make it an index search (not assumed: managed databases may not offer it).
alter table profiles
  add column search_text text not null
  generated always as (admin_search_fold(name) || E'\n' || admin_search_fold(email)) stored;
