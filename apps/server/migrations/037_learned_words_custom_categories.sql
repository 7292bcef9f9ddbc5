-- Words a correction taught a category of one's own (issue 26, ADR 026): after 'mudar categoria
-- do último para Cachorro' on 'ração 95', 'ração' remembers Cachorro as well as the default
-- category it sits under (pets), so the next 'ração 80' records into Cachorro.
--
-- `category` stays the default: everything that reads learned words for a default category
-- (imports, bank notifications) goes on as before. Deleting the custom category leaves the word
-- in that default (the foreign key sets custom_category_id to null), never pointing at nothing.
alter table learned_category_words
  add column custom_category_id bigint,
  add constraint learned_category_words_custom_category_fk
    foreign key (custom_category_id, ledger_id)
    references custom_categories (id, ledger_id) on delete set null (custom_category_id);

-- The foreign key's lookups when a custom category is deleted.
create index learned_category_words_custom_category_idx
  on learned_category_words (custom_category_id) where custom_category_id is not null;
